import type { Knex } from 'knex';

/**
 * What each committed batch of an import wrote: the file's rows it covered and the ids of the records it created,
 * written in the batch's own transaction. Undo deletes exactly those records (while none changed since), and a
 * resumed import starts after the last batch. The audit trail gains the import's own entries: one for the import
 * (who, the file, how many) and one for its undo, under entity 'imports' and the job's id.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('import_batches', (t) => {
    t.integer('import_job_id').notNullable().references('import_job_id').inTable('import_jobs').onDelete('CASCADE');
    t.integer('first_row').notNullable();
    t.integer('last_row').notNullable();
    t.specificType('record_ids', 'integer[]').notNullable();
    t.primary(['import_job_id', 'first_row']);
  });
  await knex.raw('alter table audit_entries drop constraint audit_entries_action');
  await knex.raw("alter table audit_entries add constraint audit_entries_action check (action in ('create', 'update', 'deactivate', 'delete', 'import', 'undo import'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('import_batches');
  await knex.raw("delete from audit_entries where action in ('import', 'undo import')");
  await knex.raw('alter table audit_entries drop constraint audit_entries_action');
  await knex.raw("alter table audit_entries add constraint audit_entries_action check (action in ('create', 'update', 'deactivate', 'delete'))");
}
