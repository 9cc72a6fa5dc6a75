import type { Knex } from 'knex';

/** Server-side sessions: the row, not the token, is the truth about whether a session is alive. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.uuid('session_id').primary();
    t.uuid('instance_id').notNullable();
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('cascade');
    t.timestamp('start_time', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ended_at', { useTz: true });
    t.string('end_reason', 40);
    t.string('user_agent', 500);
    t.string('ip_address', 100);
  });
  await knex.raw('create index sessions_live_by_user on sessions (user_id) where ended_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
