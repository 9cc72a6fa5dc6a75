import type { Knex } from 'knex';

function recordInfo(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.text('created_by');
  t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.text('modified_by');
  t.timestamp('modified_date', { useTz: true });
  t.text('deactivated_by');
  t.timestamp('deactivated_date', { useTz: true });
  t.integer('created_by_id').references('user_id').inTable('users').onDelete('SET NULL');
}

/**
 * The low-code core's definitions (spec 2 sections 2-3; DESIGN.md "The low-code core"): forms, their
 * fields and UDFs (typed by the catalogue of engine/core/lowcode/field-types.ts, with attribute values
 * as JSON), every definition change as a revision, and simple lookup lists with their items. A form's
 * records live in a table of their own (`table_name`), created and altered with the definition rows in
 * one transaction (server/modules/forms). `revision` rises with every change: composed screen documents
 * are cached per (form, revision), so every process sees a change on its next request.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('forms', (t) => {
    t.increments('form_id').primary();
    t.string('name', 200).notNullable();
    t.string('description', 2000);
    t.boolean('can_have_eav').notNullable().defaultTo(false);
    t.boolean('is_circleable').notNullable().defaultTo(false);
    t.boolean('is_reserved').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    // A reserved form's shipped screen (its records are that screen's); null for a form with a table of its own.
    t.string('source', 100);
    t.string('table_name', 63);
    t.integer('revision').notNullable().defaultTo(0);
    recordInfo(t, knex);
  });
  await knex.raw('create unique index forms_name_unique on forms (lower(name))');

  await knex.schema.createTable('form_fields', (t) => {
    t.increments('form_field_id').primary();
    t.integer('form_id').notNullable().references('form_id').inTable('forms').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    // The property (and, snake_cased, the column or UDF key) the values are stored under; follows a rename.
    t.string('stored_name', 63).notNullable();
    t.string('report_label_text', 200);
    t.string('field_type', 50).notNullable();
    t.boolean('is_udf').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('is_reserved').notNullable().defaultTo(false);
    t.date('start_date');
    t.date('end_date');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.jsonb('attribute_values').notNullable().defaultTo('{}');
    recordInfo(t, knex);
  });
  await knex.raw('create unique index form_fields_stored_name on form_fields (form_id, lower(stored_name))');
  await knex.raw('create index form_fields_form on form_fields (form_id, is_udf, sort_order)');

  await knex.schema.createTable('form_revisions', (t) => {
    t.bigIncrements('form_revision_id').primary();
    t.integer('form_id').notNullable().references('form_id').inTable('forms').onDelete('CASCADE');
    t.integer('revision').notNullable();
    t.integer('changed_by_id').references('user_id').inTable('users').onDelete('SET NULL');
    t.text('changed_by');
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('summary').notNullable();
    // The form and its fields after the change, as the forms API answers them.
    t.jsonb('definition').notNullable();
  });
  await knex.raw('create index form_revisions_form on form_revisions (form_id, form_revision_id)');

  await knex.schema.createTable('simple_lookup_tables', (t) => {
    t.increments('simple_lookup_table_id').primary();
    t.string('system_name', 100).notNullable();
    t.string('display_name', 200).notNullable();
    t.string('description', 2000);
    // The form whose lists it is listed with on /simpleLookup (null: only under 'All lists').
    t.integer('form_id').references('form_id').inTable('forms').onDelete('SET NULL');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('is_editable').notNullable().defaultTo(true);
    recordInfo(t, knex);
  });
  await knex.raw('create unique index simple_lookup_tables_system_name on simple_lookup_tables (lower(system_name))');

  await knex.schema.createTable('simple_lookup_items', (t) => {
    t.increments('simple_lookup_item_id').primary();
    t.integer('table_id').notNullable().references('simple_lookup_table_id').inTable('simple_lookup_tables').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.string('description', 2000);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    recordInfo(t, knex);
  });
  await knex.raw('create unique index simple_lookup_items_name on simple_lookup_items (table_id, lower(name))');
  await knex.raw('create index simple_lookup_items_order on simple_lookup_items (table_id, sort_order, simple_lookup_item_id)');

  // The modules of built forms ('Form<id>') are listed together in the module access editor.
  const [{ display_order: last }] = await knex('permission_categories').max('display_order as display_order');
  await knex('permission_categories').insert({ name: 'BuiltForms', title: 'Forms Built by Administrators', display_order: Number(last ?? 0) + 1 });
}

export async function down(knex: Knex): Promise<void> {
  await knex('permission_categories').where({ name: 'BuiltForms' }).delete();
  for (const table of ['simple_lookup_items', 'simple_lookup_tables', 'form_revisions', 'form_fields', 'forms']) await knex.schema.dropTable(table);
}
