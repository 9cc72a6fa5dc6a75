import type { Knex } from 'knex';

/**
 * Issue 32: the contact form is a public form now (its fill tokens are signed, public_form_submissions spends them),
 * so the drawn tokens of its own mechanism (141) are no longer kept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('public_form_draws');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('public_form_draws', (t) => {
    t.uuid('token').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('form', 100).notNullable();
    t.timestamp('drawn_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['drawn_at']);
  });
}
