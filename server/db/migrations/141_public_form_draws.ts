import type { Knex } from 'knex';

/**
 * Issue 32: each time a public form is drawn, a single-use token and when it was drawn. Its send hands the token back:
 * one sent too soon after drawing is a bot's (the minimum fill time), one without a known token was never drawn.
 * Rows live in the database so any server process can check a token another drew; old ones are cleared as new come.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('public_form_draws', (t) => {
    t.uuid('token').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('form', 100).notNullable();
    t.timestamp('drawn_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['drawn_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('public_form_draws');
}
