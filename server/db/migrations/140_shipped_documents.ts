import type { Knex } from 'knex';

/**
 * Issue 32: application documents the product ships (metadata/forms/*.json, in the transfer format) are applied once
 * per installation. A row here says a document was applied (or found already there), so a later start never applies
 * it again: an administrator's changes, renames and deletions of what it made stand. The name is the primary key, so
 * two processes starting at once on one PostgreSQL cannot both record it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shipped_documents', (t) => {
    t.string('name', 200).primary();
    t.timestamp('applied_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('import_id').references('import_id').inTable('transfer_imports').onDelete('set null');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('shipped_documents');
}
