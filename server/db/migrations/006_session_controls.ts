import type { Knex } from 'knex';

/**
 * terminates_at: an administrator's termination with a delay (the session is refused from then on).
 * rate_events: one row per counted event (failed sign-in, mail request) so limits hold across server processes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.timestamp('terminates_at', { useTz: true });
    t.integer('terminated_by').references('user_id').inTable('users').onDelete('set null');
  });
  await knex.schema.createTable('rate_events', (t) => {
    t.bigIncrements('event_id').primary();
    t.string('bucket', 300).notNullable();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['bucket', 'at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_events');
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('terminated_by');
    t.dropColumn('terminates_at');
  });
}
