import type { Knex } from 'knex';
import { countries, phoneNumberTypes, usStates } from './040_lookups.data.ts';

/**
 * The lookups the widgets read (spec 1 section 3 "Lookups", spec 3 "Widget support"): countries, the
 * states of the United States and phone number types. Each row has an Id and a Name; SortOrder puts a
 * list in the order a person expects (the United States first, then the rest by name).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('countries', (t) => {
    t.increments('country_id').primary();
    t.string('name', 200).notNullable().unique();
    t.string('code', 2).notNullable().unique();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('states', (t) => {
    t.increments('state_id').primary();
    t.string('name', 200).notNullable().unique();
    t.string('abbreviation', 2).notNullable().unique();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('phone_number_types', (t) => {
    t.increments('phone_number_type_id').primary();
    t.string('name', 200).notNullable().unique();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  await knex('countries').insert(countries.map(([code, name], i) => ({ code, name, sort_order: i })));
  await knex('states').insert(usStates.map(([abbreviation, name], i) => ({ abbreviation, name, sort_order: i })));
  await knex('phone_number_types').insert(phoneNumberTypes.map((name, i) => ({ name, sort_order: i })));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('phone_number_types');
  await knex.schema.dropTable('states');
  await knex.schema.dropTable('countries');
}
