import type { Knex } from 'knex';
import { formsGroupSystemName } from '../../db/migrations/094_menu_items.data.ts';
import { menuItemType } from './tree.ts';
import { lockMenuShape } from './placement.ts';

/**
 * Makes sure a module has a menu item, in the caller's transaction: when no item links to the module yet, a module
 * link named `name` is added, last under the group named `parentName` (a first-tier group, made when missing), or
 * by default under the seeded Forms group. Idempotent: an existing item (even one an administrator renamed, moved
 * or deactivated) is left as it is. Returns the item's id, or null when the module does not exist.
 */
export async function ensureModuleMenuItem(trx: Knex, { module, name, parentName, createdBy = 'system' }: {
  module: string; name: string; parentName?: string; createdBy?: string;
}): Promise<number | null> {
  await lockMenuShape(trx);
  const found = await trx('modules').where({ Name: module }).first('ModuleId');
  if (!found) return null;
  const existing = await trx('menu_items').where({ ModuleId: found.ModuleId, MenuItemTypeId: menuItemType.module }).orderBy('MenuItemId').first('MenuItemId');
  if (existing) return existing.MenuItemId as number;
  const parentId = await groupId(trx, parentName, createdBy);
  const last = await trx('menu_items').where({ ParentMenuItemId: parentId }).max('SortOrder as max').first();
  const [row] = await trx('menu_items').insert({
    Name: name.slice(0, 200), MenuItemTypeId: menuItemType.module, ModuleId: found.ModuleId, ParentMenuItemId: parentId,
    SortOrder: Number(last?.max ?? 0) + 10, CreatedBy: createdBy,
  }).returning('MenuItemId');
  return row.MenuItemId as number;
}

/** The group to add under: the first-tier group of that name, or the Forms group (either made when missing). */
async function groupId(trx: Knex, parentName: string | undefined, createdBy: string): Promise<number> {
  const query = trx('menu_items').where({ MenuItemTypeId: menuItemType.group });
  const group = parentName
    ? await query.clone().whereNull('ParentMenuItemId').whereRaw('lower(name) = lower(?)', [parentName]).orderBy('MenuItemId').first('MenuItemId')
    : await query.clone().where({ SystemName: formsGroupSystemName }).first('MenuItemId');
  if (group) return group.MenuItemId as number;
  const last = await trx('menu_items').whereNull('ParentMenuItemId').max('SortOrder as max').first();
  const [row] = await trx('menu_items').insert({
    Name: parentName ?? 'Forms', MenuItemTypeId: menuItemType.group, SystemName: parentName ? null : formsGroupSystemName,
    SortOrder: Number(last?.max ?? 0) + 10, CreatedBy: createdBy,
  }).returning('MenuItemId');
  return row.MenuItemId as number;
}
