import type { Knex } from 'knex';

/**
 * Issue 32: what a public form was sent, per fill token (unique: a token is used once) and per sender's address
 * (counted over the last hour for the form's limit per address). Rows older than a day are of no further use.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('public_form_submissions', (t) => {
    t.increments('submission_id').primary();
    t.integer('form_id').notNullable().references('form_id').inTable('forms').onDelete('cascade');
    t.string('address', 64).notNullable();
    t.string('token_nonce', 64).notNullable().unique();
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['form_id', 'address', 'created_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('public_form_submissions');
}
