import type { Knex } from 'knex';
import { menuItemTypes, seededMenu } from './094_menu_items.data.ts';

/**
 * Menu items (spec 2 "Menu items", "Menu item"; spec 3 "Main menu"): the rows the main menu is built from, up to
 * five tiers through parent_menu_item_id (checked by the server in the save's transaction), typed by
 * menu_item_types. A module link names a module (its list route is the item's URL); a URL link has its own url and
 * target; a group only holds children; a separator is a divider. An always-visible item is drawn enabled even for a
 * user without its module. system_name marks the seeded Forms group, where the forms administrators build go.
 * menu_item_list is what the list screen reads (parent and type by name).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('menu_item_types', (t) => {
    t.integer('menu_item_type_id').primary();
    t.string('name', 100).notNullable().unique();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  await knex('menu_item_types').insert(menuItemTypes.map((type) => ({ menu_item_type_id: type.id, name: type.name, sort_order: type.id })));

  await knex.schema.createTable('menu_items', (t) => {
    t.increments('menu_item_id').primary();
    t.string('name', 200).notNullable();
    t.integer('menu_item_type_id').notNullable().references('menu_item_type_id').inTable('menu_item_types');
    t.string('url', 2000);
    t.string('target', 7);
    t.integer('module_id').references('module_id').inTable('modules').onDelete('SET NULL');
    t.integer('parent_menu_item_id').references('menu_item_id').inTable('menu_items').onDelete('RESTRICT');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_always_visible').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.string('system_name', 50).unique();
    t.text('created_by');
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('modified_by');
    t.timestamp('modified_date', { useTz: true });
    t.text('deactivated_by');
    t.timestamp('deactivated_date', { useTz: true });
    // The version the generic CRUD's record locks compare (raised by every update).
    t.integer('row_version').notNullable().defaultTo(1);
    t.index(['parent_menu_item_id', 'sort_order']);
    t.index(['module_id']);
  });

  await knex.raw(`create view menu_item_list as
    select mi.menu_item_id, mi.name, mi.menu_item_type_id, t.name as menu_item_type_name, mi.parent_menu_item_id,
      p.name as parent_menu_item_name, mi.module_id, m.label as module_name, mi.url, mi.target, mi.sort_order,
      mi.is_always_visible, mi.is_active, mi.created_date, mi.modified_date
    from menu_items mi
    join menu_item_types t on t.menu_item_type_id = mi.menu_item_type_id
    left join menu_items p on p.menu_item_id = mi.parent_menu_item_id
    left join modules m on m.module_id = mi.module_id`);

  const modules: Array<{ module_id: number; name: string }> = await knex('modules').select('module_id', 'name');
  const moduleId = (name?: string) => modules.find((m) => m.name === name)?.module_id ?? null;
  await knex('menu_items').insert(seededMenu.map((item, i) => ({
    name: item.name, menu_item_type_id: item.type, module_id: moduleId(item.module), system_name: item.systemName ?? null,
    sort_order: (i + 1) * 10, created_by: 'system',
  })));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists menu_item_list');
  await knex.schema.dropTable('menu_items');
  await knex.schema.dropTable('menu_item_types');
}
