import type { Knex } from 'knex';
import { administrationGroupSystemName } from './124_administration_menu_group.ts';

/**
 * Issue 32: 'Home Widgets', a module link of WidgetManager (its screen, metadata/screens/homeconfiguration.json,
 * opens /HomeConfigurationManager), last in the Administration group.
 */
export async function up(knex: Knex): Promise<void> {
  const group = await knex('menu_items').where({ system_name: administrationGroupSystemName }).first('menu_item_id');
  const module = await knex('modules').where({ name: 'WidgetManager' }).first('module_id');
  if (!group || !module || (await knex('menu_items').where({ module_id: module.module_id, menu_item_type_id: 2 }).first('menu_item_id'))) return;
  const [{ last }] = await knex('menu_items').where({ parent_menu_item_id: group.menu_item_id }).max('sort_order as last');
  await knex('menu_items').insert({
    name: 'Home Widgets', menu_item_type_id: 2, module_id: module.module_id, parent_menu_item_id: group.menu_item_id,
    sort_order: Number(last ?? 0) + 10, created_by: 'system',
  });
}

export async function down(knex: Knex): Promise<void> {
  const module = await knex('modules').where({ name: 'WidgetManager' }).first('module_id');
  if (module) await knex('menu_items').where({ module_id: module.module_id, created_by: 'system' }).delete();
}
