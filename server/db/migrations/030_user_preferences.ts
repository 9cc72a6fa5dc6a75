import type { Knex } from 'knex';

/**
 * User preferences (spec 1 "Preferences"): a value (JSON text) per signed-in user and key, e.g. a list's
 * default view. Keys are stored lowercased, so 'GridView:/User' and 'gridview:/user' are one preference.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_preferences', (t) => {
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('cascade');
    t.string('key', 200).notNullable();
    t.text('value').notNullable();
    t.timestamp('modified_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'key']);
  });
  await knex.raw('alter table user_preferences add constraint user_preferences_key_lowercase check (key = lower(key))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_preferences');
}
