import type { Knex } from 'knex';

/**
 * A type change made online (server/modules/forms/type-change-jobs.ts): the field, the saved input it applies at its
 * swap, who asked, and its progress, so the field editor can show it and a restarted server resumes it. One change
 * at a time per form: the partial unique index refuses a second while one is under way.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('field_type_changes', (t) => {
    t.increments('field_type_change_id').primary();
    t.integer('form_id').notNullable().references('form_id').inTable('forms').onDelete('CASCADE');
    t.integer('form_field_id').notNullable().references('form_field_id').inTable('form_fields').onDelete('CASCADE');
    t.text('from_type').notNullable();
    t.text('to_type').notNullable();
    t.jsonb('input').notNullable();
    t.integer('requested_by_id').references('user_id').inTable('users').onDelete('SET NULL');
    t.text('requested_by').notNullable();
    t.text('state').notNullable();
    t.integer('total').notNullable().defaultTo(0);
    t.integer('done').notNullable().defaultTo(0);
    t.bigInteger('last_record_id').notNullable().defaultTo(0);
    t.bigInteger('max_record_id').notNullable().defaultTo(0);
    t.text('message');
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_date', { useTz: true });
  });
  await knex.raw(`create unique index field_type_changes_one_per_form on field_type_changes (form_id) where state = 'Converting'`);
  await knex.raw('create index field_type_changes_field on field_type_changes (form_field_id, field_type_change_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('field_type_changes');
}
