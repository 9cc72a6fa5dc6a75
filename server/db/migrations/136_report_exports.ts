import type { Knex } from 'knex';

/**
 * Issue 31: an export too long to wait for runs in the background as a job of its user. The row says how far it is
 * (rows_done of rows_total) and, when done, names the stored file (file storage: DATA_DIR or PostgreSQL). A running
 * job's process beats heartbeat_at; a job whose heartbeat stopped (its process ended) is shown as interrupted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_exports', (t) => {
    t.increments('export_id').primary();
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('cascade');
    t.integer('report_id').notNullable().references('report_id').inTable('reports').onDelete('cascade');
    t.string('format', 4).notNullable();
    t.jsonb('request').notNullable();
    t.string('status', 10).notNullable().defaultTo('running');
    t.bigInteger('rows_done').notNullable().defaultTo(0);
    t.bigInteger('rows_total');
    t.bigInteger('bytes');
    t.string('file_name', 64);
    t.string('user_file_name', 300).notNullable();
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(`alter table report_exports
    add constraint report_exports_format check (format in ('csv', 'xlsx', 'pdf')),
    add constraint report_exports_status check (status in ('running', 'done', 'failed', 'cancelled'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('report_exports');
}
