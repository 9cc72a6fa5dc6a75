import type { Knex } from 'knex';

/** Mail kept for administrators to read when no SMTP server is configured (the embedded default). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (t) => {
    t.increments('outbox_id').primary();
    t.string('to_address', 1000).notNullable();
    t.string('subject', 500).notNullable();
    t.text('text_body').notNullable();
    t.text('html_body');
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outbox');
}
