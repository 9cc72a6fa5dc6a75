import { mkdir, access, constants } from 'node:fs/promises';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { toSnakeCase, rowToWire } from './naming.ts';
import { migrateToLatest } from './migrate.ts';
import type { Config } from '../config.ts';
import { StartupError } from '../startup-error.ts';

// bigint (counts) as numbers: they stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// A date column (a form's date field, a UDF's start and end) is a calendar day: kept as its yyyy-MM-dd text,
// never turned into a midnight in some time zone.
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (v) => v);
// A numeric column (a form's decimal, currency or percentage field) is a number on the wire, as its schema says.
// Record values stay far inside what a double holds exactly (15 significant digits).
const NUMERIC_OID = 1700;
pg.types.setTypeParser(NUMERIC_OID, (v) => Number(v));

const wireNames: Pick<Knex.Config, 'wrapIdentifier' | 'postProcessResponse'> = {
  wrapIdentifier: (value, origImpl) => origImpl(toSnakeCase(value)),
  postProcessResponse: (result) => rowToWire(result),
};

/** A PGlite client that leaves the shared PGlite open when its knex is destroyed. */
class BorrowedPgLite extends ClientPgLite {
  override async destroyRawConnection(): Promise<void> {}
}

export async function ensureWritableDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'DATABASE_URL (not a valid URL)';
  }
}

interface Connection {
  /** A knex speaking database names, for migrations; destroy it when done. */
  plain(): Knex;
  /** The application's knex, speaking wire names. */
  app(): Knex;
  /** PostgreSQL: a knex like app's without the statement timeouts (longStatements). */
  long?(): Knex;
}

/**
 * Bounds on waiting for PostgreSQL, so a request never hangs on a database that is down or unreachable: it fails
 * (503, plugins/errors.ts) and the pool opens fresh connections once the database answers again. A statement
 * runs at most statementSeconds (PostgreSQL cancels it); the client gives up a few seconds later if no answer comes.
 */
// Connecting is given 10 s: a busy machine forks a PostgreSQL backend slowly, and a stopped database refuses at once.
export const databaseTimeouts = { connectSeconds: 10, acquireSeconds: 15, statementSeconds: 30 };

/** Requests' connections are bounded in every wait; migrations' statements (an index over a large table) are not. */
function pgConfig(url: string, max: number, names: Partial<Knex.Config> = {}, boundStatements = true): Knex.Config {
  const { connectSeconds, acquireSeconds, statementSeconds } = databaseTimeouts;
  return {
    client: 'pg',
    connection: {
      connectionString: url,
      connectionTimeoutMillis: connectSeconds * 1000,
      keepAlive: true,
      ...(boundStatements ? { statement_timeout: statementSeconds * 1000, query_timeout: (statementSeconds + 5) * 1000 } : {}),
    },
    pool: { min: 0, max },
    acquireConnectionTimeout: acquireSeconds * 1000,
    ...names,
  };
}

async function postgresConnection(url: string): Promise<Connection> {
  const probe = knexFactory(pgConfig(url, 1));
  try {
    await probe.raw('select 1');
  } catch (error) {
    throw new StartupError(`cannot connect to the database at ${describeUrl(url)}: ${(error as Error).message}`);
  } finally {
    await probe.destroy();
  }
  return {
    plain: () => knexFactory(pgConfig(url, 1, {}, false)),
    app: () => knexFactory(pgConfig(url, 10, wireNames)),
    long: () => knexFactory(pgConfig(url, 2, wireNames, false)),
  };
}

async function pgliteConnection(config: Config): Promise<Connection> {
  let dir: string | undefined;
  if (!config.inMemoryDatabase) {
    await ensureWritableDir(config.dataDir);
    dir = path.join(config.dataDir, 'pgdata');
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dir, { extensions: { pg_trgm }, parsers: { [DATE_OID]: (v: string) => v, [NUMERIC_OID]: (v: string) => Number(v) }, loadDataDir: config.inMemoryDatabase ? config.pgliteSnapshot : undefined });
  } catch (error) {
    throw new StartupError(`cannot open the embedded database in ${dir ?? 'memory'}: ${(error as Error).message}`);
  }
  const connection = () => ({ pglite }) as object;
  return {
    plain: () => knexFactory({ client: BorrowedPgLite, dialect: 'postgres', connection }),
    // knex-pglite fixes its pool at one connection: queries queue, as PGlite serves one at a time.
    app: () => knexFactory({ client: ClientPgLite, dialect: 'postgres', connection, ...wireNames }),
  };
}

/** A migrated, empty embedded database as a dump, for starting in-memory databases quickly (tests). */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const pglite = await PGlite.create(undefined, { extensions: { pg_trgm } });
  const plain = knexFactory({ client: BorrowedPgLite, dialect: 'postgres', connection: () => ({ pglite }) as object });
  try {
    await migrateToLatest(plain);
  } finally {
    await plain.destroy();
  }
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  return dump;
}

/** knex on PostgreSQL when DATABASE_URL is set, else on PGlite in DATA_DIR (or in memory); migrated to the latest. */
export async function openDatabase(config: Config): Promise<Knex> {
  const connection = config.databaseUrl ? await postgresConnection(config.databaseUrl) : await pgliteConnection(config);
  const plain = connection.plain();
  try {
    await migrateToLatest(plain);
  } finally {
    await plain.destroy();
  }
  const app = connection.app();
  if (connection.long) longStatementsOf.set(app, connection.long());
  return app;
}

const longStatementsOf = new WeakMap<Knex, Knex>();

/**
 * The knex for work that outlasts a request's bound on PostgreSQL (statementSeconds): an index built over a large
 * table after a definition change, an online type change's index builds. The same database and names, without the
 * statement timeouts, on a pool of its own of two connections; on PGlite, the app's own knex (it has no bound).
 */
export function longStatements(db: Knex): Knex {
  return longStatementsOf.get(db) ?? db;
}

/** Closes the app's knex and its long statements' pool. */
export async function closeDatabase(db: Knex): Promise<void> {
  await longStatementsOf.get(db)?.destroy();
  await db.destroy();
}
