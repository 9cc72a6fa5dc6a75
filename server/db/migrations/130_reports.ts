import type { Knex } from 'knex';

/**
 * Issue 31: reports (spec 3 "Report"). Their definitions ship as metadata/reports/*.json and are synced into these
 * tables at start (server/modules/reports/sync.ts), keyed by file_name so ids stay stable across restarts. Each report
 * is a route node of its own under module ReportModule (node_id), which roles grant one by one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_categories', (t) => {
    t.increments('category_id').primary();
    t.string('title', 200).notNullable().unique();
    t.integer('display_order').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('reports', (t) => {
    t.increments('report_id').primary();
    t.string('file_name', 200).notNullable().unique();
    t.string('disp_name', 200).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.integer('display_order').notNullable().defaultTo(0);
    t.integer('category_id').notNullable().references('category_id').inTable('report_categories');
    t.boolean('show_help_text').notNullable().defaultTo(false);
    t.text('help_text');
    t.jsonb('definition').notNullable();
    t.integer('node_id').references('node_id').inTable('permission_nodes').onDelete('set null');
    // A definition no longer shipped: kept (favourites name it), listed and run nowhere.
    t.boolean('is_retired').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('report_parameters', (t) => {
    t.increments('parameter_id').primary();
    t.integer('report_id').notNullable().references('report_id').inTable('reports').onDelete('cascade');
    t.string('param', 63).notNullable();
    t.string('title', 200).notNullable();
    t.smallint('control_type').notNullable();
    t.string('default_value', 200);
    t.integer('display_order').notNullable().defaultTo(0);
    // A select's parents as a comma list of parameter ids; a date range's group key.
    t.string('parent_ids', 200).notNullable().defaultTo('');
    t.boolean('is_all_allowed').notNullable().defaultTo(false);
    t.string('all_option_value', 200);
    t.boolean('show_filter').notNullable().defaultTo(false);
    t.text('help_text');
    t.jsonb('options');
    t.unique(['report_id', 'param']);
  });
  await knex.raw('alter table report_parameters add constraint report_parameters_control_type check (control_type between 0 and 6)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('report_parameters');
  await knex.schema.dropTable('reports');
  await knex.schema.dropTable('report_categories');
}
