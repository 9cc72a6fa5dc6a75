import type { Knex } from 'knex';
import * as accounts from './migrations/001_accounts.ts';
import * as sessions from './migrations/002_sessions.ts';
import * as seedModules from './migrations/003_seed_modules.ts';

interface Migration { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> }

/** Listed, not globbed: the same order under tsx, vitest and a bundle, with no file-extension guessing. */
const migrations: Array<[string, Migration]> = [
  ['001_accounts', accounts],
  ['002_sessions', sessions],
  ['003_seed_modules', seedModules],
];

const source: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};

export async function migrateToLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: source })) as [number, string[]];
  return applied;
}
