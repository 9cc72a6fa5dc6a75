import type { Knex } from 'knex';

/**
 * Issue 31: 'Reports' on the first tier, a module link of ReportModule (its screen, metadata/screens/reports.json, opens
 * /reportmodule/view), before the Administration group so staff find it among their own entries.
 */
export async function up(knex: Knex): Promise<void> {
  const module = await knex('modules').where({ name: 'ReportModule' }).first('module_id');
  if (!module || (await knex('menu_items').where({ module_id: module.module_id, menu_item_type_id: 2 }).first('menu_item_id'))) return;
  const group = await knex('menu_items').where({ system_name: 'ADMINISTRATION' }).whereNull('parent_menu_item_id').first('sort_order');
  const [{ last }] = await knex('menu_items').whereNull('parent_menu_item_id').max('sort_order as last');
  const sortOrder = group ? Number(group.sort_order) - 5 : Number(last ?? 0) + 10;
  await knex('menu_items').insert({
    name: 'Reports', menu_item_type_id: 2, module_id: module.module_id, parent_menu_item_id: null,
    sort_order: sortOrder, created_by: 'system',
  });
}

export async function down(knex: Knex): Promise<void> {
  const module = await knex('modules').where({ name: 'ReportModule' }).first('module_id');
  if (module) await knex('menu_items').where({ module_id: module.module_id, created_by: 'system' }).delete();
}
