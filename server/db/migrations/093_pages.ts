import type { Knex } from 'knex';

function recordInfo(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.text('created_by');
  t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.text('modified_by');
  t.timestamp('modified_date', { useTz: true });
  t.text('deactivated_by');
  t.timestamp('deactivated_date', { useTz: true });
  t.integer('created_by_id').references('user_id').inTable('users').onDelete('SET NULL');
  // The version record locks compare (raised by every update).
  t.integer('row_version').notNullable().defaultTo(1);
}

/** The access page id of the page list (spec 2 "Pages and page fields"). */
export const pageListPageId = 11;

/**
 * Pages and page fields (spec 2 "Pages and page fields"): a page gives a built form a route of its own, a title and
 * a node in the module access editor (module 'Page<id>', category Pages), so staff reach the form's records through
 * it. A page's route is unique (case ignored); its parent chain may not loop (checked by the server). Page fields are
 * typed rows with attribute values keyed by config id. The page list's row actions (Copy, Edit, Delete) are page
 * actions of page 11, like the user list's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pages', (t) => {
    t.increments('page_id').primary();
    t.string('name', 200).notNullable();
    t.string('description', 2000);
    t.string('permissions_display_name', 200).notNullable();
    t.integer('form_id').notNullable().references('form_id').inTable('forms').onDelete('RESTRICT');
    t.integer('parent_page_id').references('page_id').inTable('pages').onDelete('SET NULL');
    t.string('controller', 200);
    t.string('view_path', 400);
    t.string('route', 200).notNullable();
    t.string('action', 100);
    t.string('target', 7).notNullable().defaultTo('self');
    t.boolean('is_active').notNullable().defaultTo(true);
    recordInfo(t, knex);
    t.index(['form_id']);
  });
  await knex.raw('create unique index pages_route_unique on pages (lower(route))');
  await knex.raw('create unique index pages_name_unique on pages (lower(name))');

  await knex.schema.createTable('page_fields', (t) => {
    t.increments('page_field_id').primary();
    t.integer('page_id').notNullable().references('page_id').inTable('pages').onDelete('CASCADE');
    t.string('field_type', 50).notNullable();
    t.string('name', 200).notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.jsonb('attribute_values').notNullable().defaultTo('{}');
    recordInfo(t, knex);
    t.index(['page_id', 'sort_order']);
  });

  // Page Management sits with menus; each page's own module ('Page<id>') goes under Pages.
  const navigation = await knex('permission_categories').where({ name: 'Navigation' }).first('category_id');
  const [{ module_id: moduleId }] = await knex('modules')
    .insert({ name: 'PageManagement', label: 'Pages', allow_view_all_records: true, category_id: navigation?.category_id ?? null, sort_order: 0 }).returning('module_id');
  await knex('permission_nodes').insert({ type: 'module', module_id: moduleId, name: 'PageManagement', label: 'Pages' });
  const [{ display_order: last }] = await knex('permission_categories').max('display_order as display_order');
  await knex('permission_categories').insert({ name: 'Pages', title: 'Pages Built by Administrators', display_order: Number(last ?? 0) + 1 });

  const seeded = (await knex('page_actions').insert([
    { access_page_id: pageListPageId, scope: 'row', type: 'button', url: '/page/create', button_text: 'Copy', action_name: 'CopyPage', sort_order: 1 },
    { access_page_id: pageListPageId, scope: 'row', type: 'button', url: '/page/update', button_text: 'Edit', action_name: 'UpdatePage', sort_order: 2 },
    { access_page_id: pageListPageId, scope: 'row', type: 'button', url: '/page/delete', button_text: 'Delete', action_name: 'DeletePage', button_css: 'error', sort_order: 3 },
  ]).returning('action_id')) as Array<{ action_id: number }>;
  await knex('role_page_actions').insert(seeded.map(({ action_id }) => ({ role_id: 1, action_id })));
}

export async function down(knex: Knex): Promise<void> {
  await knex('page_actions').where({ access_page_id: pageListPageId }).delete();
  await knex('modules').where({ name: 'PageManagement' }).delete();
  await knex('modules').where('name', 'like', 'Page%').whereRaw("name ~ '^Page[0-9]+$'").delete();
  await knex('permission_categories').where({ name: 'Pages' }).delete();
  await knex.schema.dropTable('page_fields');
  await knex.schema.dropTable('pages');
}
