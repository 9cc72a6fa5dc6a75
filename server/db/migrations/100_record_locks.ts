import type { Knex } from 'knex';

/** The tables the generic CRUD writes (registerCrud): each record carries the version it is at. */
const versionedTables = ['users', 'roles', 'forms', 'simple_lookup_tables'];

/**
 * Record locks (spec 2 "Record lock lifecycle"): one row per locked record, (domain, domain_id) being the
 * screen id and the record's id. A lock is held while `expire` is ahead and its session is live; a window of a
 * browser is told apart by `window_id` (the client's per-tab id). Every record the generic CRUD writes gets
 * `row_version`, raised by every update: a write names the version it was read at, and a stale one is refused.
 * Built forms' record tables get it too (server/modules/forms/tables creates it for new ones). The module
 * RecordLocks guards the administrators' view of the locks held now.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('record_locks', (t) => {
    t.string('domain', 100).notNullable();
    t.bigInteger('domain_id').notNullable();
    t.uuid('lock_id').notNullable().unique();
    t.uuid('session_id').notNullable().references('session_id').inTable('sessions').onDelete('cascade');
    t.string('window_id', 64).notNullable().defaultTo('');
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('cascade');
    t.timestamp('acquired_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expire', { useTz: true }).notNullable();
    t.primary(['domain', 'domain_id']);
    t.index(['session_id']);
  });
  const built: Array<{ table_name: string }> = (await knex.raw(
    "select table_name from information_schema.tables where table_schema = current_schema() and table_name ~ '^form_records_[0-9]+$'",
  )).rows;
  for (const table of [...versionedTables, ...built.map((r) => r.table_name)]) {
    await knex.raw('alter table ?? add column if not exists row_version integer not null default 1', [table]);
  }
  const category = await knex('permission_categories').where({ name: 'Administration' }).first('category_id');
  const [{ sort: last }] = await knex('modules').where({ category_id: category?.category_id ?? null }).max('sort_order as sort');
  const [{ module_id }] = await knex('modules')
    .insert({ name: 'RecordLocks', label: 'Record Locks', allow_view_all_records: false, category_id: category?.category_id ?? null, sort_order: Number(last ?? 0) + 1 })
    .returning('module_id');
  await knex('permission_nodes').insert({ type: 'module', module_id, name: 'RecordLocks', label: 'Record Locks', sort_order: Number(last ?? 0) + 1 });
}

export async function down(knex: Knex): Promise<void> {
  await knex('modules').where({ name: 'RecordLocks' }).delete();
  await knex.schema.dropTable('record_locks');
  for (const table of versionedTables) await knex.raw('alter table ?? drop column row_version', [table]);
}
