import type { Knex } from 'knex';

/** What browsers report through the client error log (spec 1 section 7, "error log many"). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('client_errors', (t) => {
    t.bigIncrements('client_error_id').primary();
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('user_id').references('user_id').inTable('users').onDelete('SET NULL');
    t.string('ip_address', 100);
    for (const column of ['type', 'source', 'target_module', 'target_name', 'help_link', 'request', 'request_referrer']) t.string(column, 2000);
    t.text('message');
    t.text('stack_trace');
  });
  await knex.raw('create index client_errors_recent on client_errors (created_date desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('client_errors');
}
