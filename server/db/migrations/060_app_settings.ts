import type { Knex } from 'knex';
import { businessHoursItems, timeZones } from './060_app_settings.data.ts';

const audit = (knex: Knex, t: Knex.CreateTableBuilder) => {
  t.string('created_by', 200).notNullable().defaultTo('system');
  t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.string('modified_by', 200);
  t.timestamp('modified_date', { useTz: true });
};

/**
 * Application settings (spec 1 sections 2, 3 and 5): settings with their config items (a value of at most 250
 * characters each, typed by sys_type, with rules as JSON), the time zones they pick from, and the client
 * settings row that CLIENT_SETTINGS shows. Seeded: CLIENT_SETTINGS and STANDARD_BUSINESS_HOURS.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('time_zones', (t) => {
    t.increments('time_zone_id').primary();
    t.string('name', 200).notNullable().unique();
    t.string('zone', 100).notNullable();
    t.string('offset', 6).notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('app_settings', (t) => {
    t.increments('config_id').primary();
    t.string('name', 100).notNullable().unique();
    t.string('description', 1000).notNullable().defaultTo('');
    t.integer('time_zone_id').references('time_zone_id').inTable('time_zones');
    // The screen document whose form the setting shows below its own (CLIENT_SETTINGS: clientsettings).
    t.string('embedded_screen', 100);
    audit(knex, t);
  });
  await knex.schema.createTable('app_setting_items', (t) => {
    t.increments('config_item_id').primary();
    t.integer('config_id').notNullable().references('config_id').inTable('app_settings').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.string('static_name', 100).notNullable();
    t.string('attribute_value', 250);
    t.string('sys_type', 50).notNullable().defaultTo('String');
    t.string('description', 1000);
    t.string('field_message', 500);
    t.jsonb('form_item_validation_config');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.unique(['config_id', 'static_name']);
  });
  await knex.schema.createTable('client_settings', (t) => {
    t.integer('client_settings_id').primary();
    t.integer('time_zone_id').references('time_zone_id').inTable('time_zones');
    t.jsonb('logo');
    t.string('company_name', 200).notNullable().defaultTo('');
    t.string('company_website', 2000).notNullable().defaultTo('');
    t.string('contact_first_name', 200).notNullable().defaultTo('');
    t.string('contact_last_name', 200).notNullable().defaultTo('');
    t.string('contact_email_address', 200).notNullable().defaultTo('');
    t.jsonb('phone_numbers').notNullable().defaultTo('[]');
    t.jsonb('address');
    audit(knex, t);
  });
  // One row: there is one client.
  await knex.raw('alter table client_settings add constraint client_settings_one_row check (client_settings_id = 1)');

  await knex('time_zones').insert(timeZones.map(([offset, name, zone], i) => ({ offset, name, zone, sort_order: i })));
  const eastern = await knex('time_zones').where({ zone: 'America/New_York' }).first('time_zone_id');
  await knex('app_settings').insert([
    { name: 'CLIENT_SETTINGS', description: "The client organisation: its logo on the sign-in page, company and contact details, phone numbers and address.", embedded_screen: 'clientsettings' },
    { name: 'STANDARD_BUSINESS_HOURS', description: 'When the business day starts and ends, in the business time zone.', time_zone_id: eastern.time_zone_id },
  ]);
  const hours = await knex('app_settings').where({ name: 'STANDARD_BUSINESS_HOURS' }).first('config_id');
  await knex('app_setting_items').insert(businessHoursItems.map((item, i) => ({
    config_id: hours.config_id, name: item.name, static_name: item.static_name, attribute_value: item.value, sys_type: item.sys_type,
    description: item.description, field_message: item.field_message ?? null, form_item_validation_config: JSON.stringify(item.config), sort_order: i,
  })));
  await knex('client_settings').insert({ client_settings_id: 1 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('client_settings');
  await knex.schema.dropTable('app_setting_items');
  await knex.schema.dropTable('app_settings');
  await knex.schema.dropTable('time_zones');
}
