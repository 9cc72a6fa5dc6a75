import type { Knex } from 'knex';

/**
 * The audit trail of the generic CRUD (server/lib/crud/register-crud.ts): one entry per create, update,
 * deactivate and delete of any screen's record, written in the write's own transaction. `entity` is the
 * screen id ('users'); `changes` is a JSON array of { Field, Old, New } for the readable fields that changed
 * (never a password hash or another writeOnly property). `changed_by` keeps the user name at the time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_entries', (t) => {
    t.bigIncrements('audit_id').primary();
    t.string('entity', 100).notNullable();
    t.integer('record_id').notNullable();
    t.string('action', 20).notNullable();
    t.integer('changed_by_id').references('user_id').inTable('users').onDelete('SET NULL');
    t.text('changed_by');
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.jsonb('changes').notNullable().defaultTo('[]');
  });
  await knex.raw("alter table audit_entries add constraint audit_entries_action check (action in ('create', 'update', 'deactivate', 'delete'))");
  await knex.raw('create index audit_entries_record on audit_entries (entity, record_id, audit_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_entries');
}
