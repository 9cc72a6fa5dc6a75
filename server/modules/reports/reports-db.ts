import knexFactory, { type Knex } from 'knex';
import { rowToWire } from '../../db/naming.ts';
import { HttpError } from '../../lib/http-error.ts';

export interface ReportSettings {
  /** REPORTS_DATABASE_URL: reports run there (a replica, a warehouse); unset, on the app's own database. */
  databaseUrl?: string;
  /** REPORTS_TIMEOUT_SECONDS: a report's statements run at most this long (30 s; tests lower it). */
  timeoutSeconds: number;
  /** REPORTS_DIR: where the definitions are (metadata/reports; tests name a folder of their own). */
  dir?: string;
  /** REPORTS_XLSX_SHEET_ROWS: rows per sheet of an XLSX export, its header included (Excel's limit; tests lower it). */
  sheetRows: number;
}

const positive = (env: NodeJS.ProcessEnv, name: string, fallback: number, whole: boolean): number => {
  const text = env[name];
  if (!text) return fallback;
  const n = Number(text);
  if (!(n > 0) || (whole && !Number.isInteger(n))) throw new Error(`${name} must be a ${whole ? 'whole ' : ''}number above 0, not "${text}"`);
  return n;
};

export function reportSettings(env: NodeJS.ProcessEnv = process.env): ReportSettings {
  return {
    databaseUrl: env.REPORTS_DATABASE_URL || undefined,
    timeoutSeconds: positive(env, 'REPORTS_TIMEOUT_SECONDS', 30, false),
    dir: env.REPORTS_DIR || undefined,
    sheetRows: positive(env, 'REPORTS_XLSX_SHEET_ROWS', 1_048_576, true),
  };
}

/** A knex of its own on REPORTS_DATABASE_URL, answering rows in wire names as the app's does; destroy it on close. */
export function openReportsDatabase(url: string): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: 10_000, keepAlive: true },
    pool: { min: 0, max: 5 },
    acquireConnectionTimeout: 15_000,
    postProcessResponse: (result) => rowToWire(result),
  });
}

export const timeoutMessage = (seconds: number) =>
  `The report took longer than ${seconds} seconds and was stopped. Narrow its filters and generate it again.`;

/** A database failure as the client is to see it: the time limit (408), a value the query could not take (400). */
export function reportError(error: unknown, seconds: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === '57014') return HttpError.of(408, timeoutMessage(seconds), null, 'ReportTimeout');
  // The read-only transaction refused a write the parser could not see (nextval(), a function that writes).
  if (code === '25006') return HttpError.of(400, 'This report tried to change data, and was stopped: a report only reads.', null, 'ReportWrites');
  // Data exceptions (class 22): a parameter the query casts (a number, a date) that is not one.
  if (typeof code === 'string' && code.startsWith('22')) {
    return HttpError.of(400, `A parameter value does not suit this report: ${(error as Error).message.split(' - ').at(-1)}`, null, 'ReportParameter');
  }
  return error;
}

/**
 * Work on the reports database in a read-only transaction whose statements stop after the time limit: nothing a
 * report runs can write, whatever its definition says, and no report holds a connection for longer than the limit.
 */
export async function readOnly<T>(db: Knex, seconds: number, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (trx) => {
      await trx.raw('set transaction read only');
      await trx.raw(`set local statement_timeout = ${Math.max(1, Math.round(seconds * 1000))}`);
      return work(trx);
    });
  } catch (error) {
    throw reportError(error, seconds);
  }
}
