import type { Knex } from 'knex';

/** The sizes a placement takes on /home, as grid columns out of 12 on a wide screen. */
export const widgetSizes = ['small', 'medium', 'large'] as const;

/**
 * Issue 32 "Home and widgets": a widget is data (its kind, a source such as a form's or a report's id, and options as
 * JSON), so a new widget of an existing kind needs no code. Administrators place widgets on the home of roles, each
 * placement with its order and size, with no cap on how many; a user hides a widget for themselves. Widgets have no
 * owner: 'View All Records' means nothing for module WidgetManager.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('widgets', (t) => {
    t.increments('widget_id').primary();
    t.string('kind', 40).notNullable();
    t.string('title', 200).notNullable();
    t.integer('source');
    t.jsonb('options').notNullable().defaultTo('{}');
    t.string('created_by', 256).notNullable();
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('updated_by', 256);
    t.timestamp('updated_date', { useTz: true });
  });
  await knex.schema.createTable('widget_placements', (t) => {
    t.increments('placement_id').primary();
    t.integer('widget_id').notNullable().references('widget_id').inTable('widgets').onDelete('cascade');
    t.integer('role_id').notNullable().references('role_id').inTable('roles').onDelete('cascade');
    t.integer('sort_order').notNullable();
    t.string('size', 10).notNullable().defaultTo('medium');
    t.unique(['widget_id', 'role_id']);
    t.index(['role_id', 'sort_order']);
  });
  await knex.raw(`alter table widget_placements add constraint widget_placements_size check (size in (${widgetSizes.map((s) => `'${s}'`).join(', ')}))`);
  await knex.schema.createTable('user_hidden_widgets', (t) => {
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('cascade');
    t.integer('widget_id').notNullable().references('widget_id').inTable('widgets').onDelete('cascade');
    t.primary(['user_id', 'widget_id']);
  });
  await knex('modules').where({ name: 'WidgetManager' }).update({ allow_view_all_records: false });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_hidden_widgets');
  await knex.schema.dropTable('widget_placements');
  await knex.schema.dropTable('widgets');
  await knex('modules').where({ name: 'WidgetManager' }).update({ allow_view_all_records: true });
}
