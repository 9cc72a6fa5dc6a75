import type { Knex } from 'knex';

/**
 * Users allow user-defined fields (DESIGN.md "UDFs are values beside the record"): their values live in a JSONB
 * column of the users table, as a built form's do in its record table. Adding the column with a constant default
 * only records it in the catalog (PostgreSQL 11+): the table is not rewritten.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table users add column udf jsonb not null default '{}'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop column udf');
}
