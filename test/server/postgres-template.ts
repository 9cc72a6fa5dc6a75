import pg from 'pg';
import { configFromEnv } from '../../server/config.ts';
import { openDatabase } from '../../server/db/knex.ts';
import { migrationsHash } from './pglite-snapshot.ts';

let made: Promise<string> | undefined;

/**
 * The name of a migrated, empty PostgreSQL database beside `baseUrl`'s, made once per set of migrations: each suite's
 * database is created from it as a template (a file copy) instead of running every migration again (seconds per suite).
 * Suites in other workers may ask at the same time: an advisory lock lets one make it, and it is built under another
 * name and renamed when complete, so no suite copies half a template.
 */
export function postgresTemplate(baseUrl: string): Promise<string> {
  made ??= (async () => {
    const name = `metadmin_tpl_${await migrationsHash()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
      if (!exists) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const url = new URL(baseUrl);
        url.pathname = `/${building}`;
        const db = await openDatabase({ ...configFromEnv({}), databaseUrl: url.toString() });
        await db.destroy();
        await admin.query(`alter database ${building} rename to ${name}`);
      }
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    } finally {
      await admin.end();
    }
    return name;
  })();
  return made;
}
