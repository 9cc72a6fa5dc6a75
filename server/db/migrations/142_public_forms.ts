import type { Knex } from 'knex';

/**
 * Issue 32: a built form published to the public. One row per form that has ever had a public address: whether it
 * is on, its unguessable key (the address /public/form/{key}), the fields a visitor fills (by field id: a rename
 * keeps them offered), and its bot limits (0 turns one off).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('public_forms', (t) => {
    t.integer('form_id').primary().references('form_id').inTable('forms').onDelete('cascade');
    t.string('public_key', 64).notNullable().unique();
    t.boolean('is_public').notNullable().defaultTo(false);
    t.jsonb('field_ids').notNullable().defaultTo('[]');
    t.boolean('honeypot').notNullable().defaultTo(true);
    t.integer('min_fill_seconds').notNullable().defaultTo(3);
    t.integer('max_per_hour').notNullable().defaultTo(10);
    t.string('modified_by', 256);
    t.timestamp('modified_date', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('public_forms');
}
