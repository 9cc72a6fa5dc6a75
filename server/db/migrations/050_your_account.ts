import type { Knex } from 'knex';

/** Courtesy titles offered by the Salutation select (spec 1 "Lookups": courtesy titles). */
export const salutations = ['Mr.', 'Mrs.', 'Ms.', 'Miss', 'Mx.', 'Dr.', 'Prof.', 'Rev.'] as const;

/**
 * What Your Account (spec 1) keeps beyond a user's names: the courtesy title, one address and the phone numbers;
 * and the PilotId that shows 'Pilot Information' in the profile menu (the pilot domain is not shown: no user has
 * one unless it is set in the database). Address parts and phone entries have the widget library's limits.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('salutations', (t) => {
    t.increments('salutation_id').primary();
    t.string('name', 200).notNullable().unique();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  await knex('salutations').insert(salutations.map((name, i) => ({ name, sort_order: i })));
  await knex.schema.alterTable('users', (t) => {
    // Named as the wire's Salutation, which is the chosen courtesy title's Id.
    t.integer('salutation').references('salutation_id').inTable('salutations').onDelete('set null');
    t.integer('pilot_id');
  });
  await knex.schema.createTable('user_addresses', (t) => {
    t.integer('user_id').primary().references('user_id').inTable('users').onDelete('cascade');
    t.integer('country_id').references('country_id').inTable('countries');
    t.string('address1', 200);
    t.string('address2', 200);
    t.string('city', 200);
    t.integer('state_id').references('state_id').inTable('states');
    t.string('zip_code', 10);
    t.string('province_region', 200);
    t.string('postal_code', 20);
  });
  await knex.schema.createTable('user_phone_numbers', (t) => {
    t.increments('phone_number_id').primary();
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('cascade');
    t.integer('phone_number_type_id').notNullable().references('phone_number_type_id').inTable('phone_number_types');
    t.string('country_code', 5).notNullable();
    t.string('phone_number', 15).notNullable();
    t.string('extension', 20);
    t.boolean('is_primary').notNullable().defaultTo(false);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.index(['user_id', 'sort_order']);
  });
  // At most one primary number per user, whatever a client sends (the form's rule asks for exactly one).
  await knex.raw('create unique index user_phone_numbers_one_primary on user_phone_numbers (user_id) where is_primary');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_phone_numbers');
  await knex.schema.dropTable('user_addresses');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('pilot_id');
    t.dropColumn('salutation');
  });
  await knex.schema.dropTable('salutations');
}
