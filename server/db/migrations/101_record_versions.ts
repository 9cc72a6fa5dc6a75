import type { Knex } from 'knex';

/**
 * The records written outside the generic CRUD get their version too (see 100_record_locks): simple lookup items,
 * form fields, application settings and the client settings are read for update and written under their lock, and a
 * write names the version it was read at (server/lib/crud/versioned-record.ts). A user's own account uses the users
 * table's version, which 100 added.
 */
const versionedTables = ['simple_lookup_items', 'form_fields', 'app_settings', 'client_settings'];

export async function up(knex: Knex): Promise<void> {
  for (const table of versionedTables) await knex.raw('alter table ?? add column if not exists row_version integer not null default 1', [table]);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of versionedTables) await knex.raw('alter table ?? drop column row_version', [table]);
}
