import type { Knex } from 'knex';

/**
 * Issue 31: a built form may show a report under each of its records (the 'Print Invoice' report card): the report's
 * file name and, for each of its parameters, the record's field or a fixed value that fills it. Null: no card.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forms', (t) => {
    t.jsonb('record_report');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forms', (t) => {
    t.dropColumn('record_report');
  });
}
