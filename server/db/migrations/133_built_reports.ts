import type { Knex } from 'knex';

/**
 * Issue 31: reports an administrator builds on a form in the app (no SQL), kept beside the shipped ones. source_form_id
 * names the form: the start's sync leaves such reports alone (it retires only shipped ones no longer shipped), and
 * deleting the form deletes its reports.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reports', (t) => {
    t.integer('source_form_id').references('form_id').inTable('forms').onDelete('cascade');
    t.index(['source_form_id']);
    // A built report is edited as any record is: under its lock, at the version read, with who changed it last.
    t.integer('row_version').notNullable().defaultTo(1);
    t.string('created_by', 200);
    t.timestamp('created_date', { useTz: true }).defaultTo(knex.fn.now());
    t.string('modified_by', 200);
    t.timestamp('modified_date', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reports', (t) => {
    for (const column of ['source_form_id', 'row_version', 'created_by', 'created_date', 'modified_by', 'modified_date']) t.dropColumn(column);
  });
}
