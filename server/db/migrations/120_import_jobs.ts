import type { Knex } from 'knex';

/**
 * Imports of records from a CSV or XLSX file (server/modules/imports): one row per uploaded file and target (a built
 * form's screen id, 'form-12'), which a background runner claims (FOR UPDATE SKIP LOCKED, then a lease renewed by its
 * heartbeat) to check every row (the dry run) and then to write them in batches. The row is the job's progress, which
 * the browser polls, and what a restarted server resumes. The file's SHA-256 makes a second import of the same file
 * into the same target refused while the first stands (the partial unique index).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('import_jobs', (t) => {
    t.increments('import_job_id').primary();
    t.string('target', 100).notNullable();
    t.integer('form_id').references('form_id').inTable('forms').onDelete('CASCADE');
    t.text('file_name').notNullable();
    t.text('user_file_name').notNullable();
    t.string('file_kind', 10).notNullable();
    t.string('sha256', 64).notNullable();
    t.jsonb('columns').notNullable().defaultTo('[]');
    t.jsonb('mapping').notNullable().defaultTo('[]');
    t.jsonb('mask').notNullable().defaultTo('{}');
    t.string('mode', 10);
    t.string('state', 20).notNullable();
    t.boolean('cancel_requested').notNullable().defaultTo(false);
    t.integer('total_rows').notNullable().defaultTo(0);
    t.integer('checked_rows').notNullable().defaultTo(0);
    t.integer('bad_rows').notNullable().defaultTo(0);
    t.jsonb('errors').notNullable().defaultTo('[]');
    t.integer('imported').notNullable().defaultTo(0);
    t.integer('skipped').notNullable().defaultTo(0);
    t.integer('next_row').notNullable().defaultTo(2);
    t.integer('requested_by_id').references('user_id').inTable('users').onDelete('SET NULL');
    t.text('requested_by').notNullable();
    t.text('message');
    t.text('claimed_by');
    t.timestamp('heartbeat', { useTz: true });
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_date', { useTz: true });
    t.timestamp('undone_date', { useTz: true });
    t.text('undone_by');
  });
  await knex.raw(`create unique index import_jobs_once on import_jobs (target, sha256) where state = 'Done'`);
  await knex.raw('create index import_jobs_target on import_jobs (target, import_job_id)');
  await knex.raw(`create index import_jobs_open on import_jobs (state) where state in ('Checking', 'Importing')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('import_jobs');
}
