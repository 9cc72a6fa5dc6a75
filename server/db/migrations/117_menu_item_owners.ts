import type { Knex } from 'knex';

const listView = (withOwner: boolean) => `create or replace view menu_item_list as
    select mi.menu_item_id, mi.name, mi.menu_item_type_id, t.name as menu_item_type_name, mi.parent_menu_item_id,
      p.name as parent_menu_item_name, mi.module_id, m.label as module_name, mi.url, mi.target, mi.sort_order,
      mi.is_always_visible, mi.is_active, mi.created_date, mi.modified_date${withOwner ? ', mi.created_by_id' : ''}
    from menu_items mi
    join menu_item_types t on t.menu_item_type_id = mi.menu_item_type_id
    left join menu_items p on p.menu_item_id = mi.parent_menu_item_id
    left join modules m on m.module_id = mi.module_id`;

/**
 * Menu items get an owner (created_by_id), as forms, pages and lookup lists have: 'View All Records' on Menu Items is
 * measured against it, so one without it reaches only the items they created. Existing items and lookup lists (whose
 * creator was not stamped by id before) take it from their creator's user name where that user still exists; seeded
 * rows ('system') have none, and only those who may view all records reach them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('menu_items', (t) => {
    t.integer('created_by_id').references('user_id').inTable('users').onDelete('SET NULL');
  });
  for (const table of ['menu_items', 'simple_lookup_tables']) {
    await knex.raw(`update ?? r set created_by_id = u.user_id from users u
      where r.created_by_id is null and lower(u.user_name) = lower(r.created_by)`, [table]);
  }
  await knex.raw(listView(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view menu_item_list');
  await knex.raw(listView(false));
  await knex.schema.alterTable('menu_items', (t) => t.dropColumn('created_by_id'));
}
