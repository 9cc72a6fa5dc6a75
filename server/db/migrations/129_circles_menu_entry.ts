import type { Knex } from 'knex';
import { administrationGroupSystemName } from './124_administration_menu_group.ts';

/**
 * Issue 30: the circles screens in the Administration group. One module link (AggregateCircleManagement) opens the
 * aggregate circles list, which links to the atomic circles list (and back): both lists are that module's.
 */
export async function up(knex: Knex): Promise<void> {
  const group = await knex('menu_items').where({ system_name: administrationGroupSystemName }).first('menu_item_id');
  const module = await knex('modules').where({ name: 'AggregateCircleManagement' }).first('module_id');
  if (!group || !module || (await knex('menu_items').where({ module_id: module.module_id, menu_item_type_id: 2 }).first('menu_item_id'))) return;
  const [{ last }] = await knex('menu_items').where({ parent_menu_item_id: group.menu_item_id }).max('sort_order as last');
  await knex('menu_items').insert({
    name: 'Circles', menu_item_type_id: 2, module_id: module.module_id, parent_menu_item_id: group.menu_item_id,
    sort_order: Number(last ?? 0) + 10, created_by: 'system',
  });
}

export async function down(knex: Knex): Promise<void> {
  const module = await knex('modules').where({ name: 'AggregateCircleManagement' }).first('module_id');
  if (module) await knex('menu_items').where({ module_id: module.module_id, created_by: 'system' }).delete();
}
