import type { Knex } from 'knex';

/**
 * Issue 31: a user's report mailed on a schedule (daily, weekly, monthly at a time local to an IANA zone) with one of
 * their favourites' parameters. next_run_at is the instant it is next due: the runner claims due rows by moving it on
 * in the statement that selects them, so several server processes never send one twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_schedules', (t) => {
    t.increments('schedule_id').primary();
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('cascade');
    t.integer('report_id').notNullable().references('report_id').inTable('reports').onDelete('cascade');
    t.integer('favorite_id').notNullable().references('id').inTable('user_favorite_reports').onDelete('cascade');
    t.string('frequency', 10).notNullable();
    t.smallint('weekday');
    t.smallint('month_day');
    t.string('time_of_day', 5).notNullable();
    t.string('time_zone', 64).notNullable();
    t.string('format', 4).notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('next_run_at', { useTz: true }).notNullable();
    t.timestamp('last_run_at', { useTz: true });
    t.string('last_status', 10);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });
  await knex.raw(`alter table report_schedules
    add constraint report_schedules_frequency check (frequency in ('daily', 'weekly', 'monthly')),
    add constraint report_schedules_weekday check (weekday between 0 and 6 and (frequency = 'weekly') or weekday is null and frequency <> 'weekly'),
    add constraint report_schedules_month_day check (month_day between 1 and 28 and (frequency = 'monthly') or month_day is null and frequency <> 'monthly'),
    add constraint report_schedules_time check (time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    add constraint report_schedules_format check (format in ('csv', 'xlsx', 'pdf')),
    add constraint report_schedules_last_status check (last_status in ('sent', 'failed'))`);
  await knex.raw('create index report_schedules_due on report_schedules (next_run_at) where is_active');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('report_schedules');
}
