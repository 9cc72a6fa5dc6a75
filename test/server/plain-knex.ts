import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';

/** A knex speaking database names, as migrations run (on PGlite over the app's one database, left open when destroyed). */
class BorrowedPgLite extends ClientPgLite {
  override async destroyRawConnection(): Promise<void> {}
}
export function plainKnex(app: { db: Knex }, databaseUrl: string | undefined): Knex {
  if (databaseUrl) return knexFactory({ client: 'pg', connection: databaseUrl });
  return knexFactory({ client: BorrowedPgLite, dialect: 'postgres', connection: (app.db.client as { config: { connection: unknown } }).config.connection as () => object });
}

