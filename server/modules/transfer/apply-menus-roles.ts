import { entryActionIdOf } from '../menus/entry-actions.ts';
import { HttpError } from '../../lib/http-error.ts';
import { checkMenuPlacement, lockMenuShape } from '../menus/placement.ts';
import { menuItemType } from '../menus/tree.ts';
import type { TransferDocument, TransferMenuItem } from './document.ts';
import { adoptKey, keyColumn } from './matching.ts';
import { describeRef, moduleNameOf, screenIdOfModule } from './keys.ts';
import { differing, type ApplyContext } from './plan.ts';

type Row = Record<string, any>;

const menuTypeIds: Record<TransferMenuItem['type'], number> = { 'URL Link': menuItemType.url, 'Module Link': menuItemType.module, Group: menuItemType.group };

/**
 * Menu items by key, else by their path of names from the first tier (parents first; a parent the document holds is
 * the row it was matched to, even renamed); a module link's module by its reference. An item renamed or moved on
 * the source is renamed or moved here.
 */
export async function applyMenuItems(ctx: ApplyContext, doc: TransferDocument): Promise<void> {
  const { trx, by, note } = ctx;
  if (!doc.menuItems.length) return;
  await lockMenuShape(trx);
  const placed = new Map<string, number>();
  for (const entry of [...doc.menuItems].sort((a, b) => a.path.length - b.path.length)) {
    const key = entry.path.join(' › ');
    const parentId = await parentOf(ctx, entry, placed);
    const typeId = menuTypeIds[entry.type];
    const moduleName = entry.type === 'Module Link' && entry.module ? await moduleNameOf(trx, entry.module) : null;
    const moduleId = moduleName ? (await trx('modules').where({ Name: moduleName }).first('ModuleId'))?.ModuleId : null;
    const name = entry.path[entry.path.length - 1];
    const wanted = {
      Name: name, ParentMenuItemId: parentId, Url: entry.type === 'URL Link' ? entry.url : null, Target: entry.type === 'URL Link' ? entry.target : null, ModuleId: moduleId ?? null,
      Action: entry.type === 'Module Link' ? entryActionIdOf(entry.action, `The menu item ${key}`) : null,
      SortOrder: entry.sortOrder, IsAlwaysVisible: entry.isAlwaysVisible, IsActive: entry.isActive,
    };
    const byKey: Row | undefined = entry.key ? await trx('menu_items').where({ Key: entry.key }).first() : undefined;
    const stored: Row | undefined = byKey ?? await trx('menu_items').where({ ParentMenuItemId: parentId }).whereRaw('lower(name) = lower(?)', [name]).orderBy('MenuItemId').first();
    if (stored && stored.MenuItemTypeId !== typeId) {
      throw HttpError.of(409, `The menu item ${key} is a ${entry.type} in the document and of another type here: a menu item's type cannot change. Rename or move the one here first.`, null, 'Conflict');
    }
    if (stored && typeId === menuItemType.module && stored.ModuleId !== wanted.ModuleId) {
      throw HttpError.of(409, `The menu item ${key} links to ${describeRef(entry.module!)} in the document and to another module here: a menu item's module cannot change.`, null, 'Conflict');
    }
    let id: number;
    if (!stored) {
      [{ MenuItemId: id }] = await trx('menu_items').insert({ ...wanted, ...(await keyColumn(trx, 'menu_items', entry.key)), MenuItemTypeId: typeId, CreatedBy: by, CreatedById: ctx.principal.UserId }).returning('MenuItemId');
      note('Menu item', key, 'create');
    } else if (typeId === menuItemType.group && !byKey) {
      // An existing group is where the links go, shared with what else sits in it here: matched, never rearranged.
      id = stored.MenuItemId;
      note('Menu item', key, 'unchanged');
    } else {
      id = stored.MenuItemId;
      if (!byKey) await adoptKey(trx, 'menu_items', { MenuItemId: id }, entry.key);
      const titles: Record<string, string> = typeId === menuItemType.group ? { Name: 'Name', ParentMenuItemId: 'Parent' } : {
        Name: 'Name', ParentMenuItemId: 'Parent', Url: 'URL', Target: 'Target', Action: 'Action', SortOrder: 'Sort Order', IsAlwaysVisible: 'Is Always Visible', IsActive: 'Is Active',
      };
      const changes = differing(stored, wanted, titles);
      if (changes.length) {
        const columns = Object.fromEntries(Object.keys(titles).map((k) => [k, wanted[k as keyof typeof wanted]]));
        await trx('menu_items').where({ MenuItemId: id }).update({ ...columns, ModifiedBy: by, ModifiedDate: trx.fn.now(), RowVersion: trx.raw('row_version + 1') });
      }
      note('Menu item', key, changes.length ? 'change' : 'unchanged', changes);
    }
    placed.set(key.toLowerCase(), id);
    await checkMenuPlacement(trx, id);
  }
}

/** The row an item's parent is: the one its document entry was matched to, else the path of names here. */
async function parentOf(ctx: ApplyContext, entry: TransferMenuItem, placed: Map<string, number>): Promise<number | null> {
  if (entry.path.length < 2) return null;
  const inDocument = placed.get(entry.path.slice(0, -1).join(' › ').toLowerCase());
  if (inDocument) return inDocument;
  let parentId: number | null = null;
  for (const name of entry.path.slice(0, -1)) {
    const parent: Row | undefined = await ctx.trx('menu_items').where({ ParentMenuItemId: parentId }).whereRaw('lower(name) = lower(?)', [name]).orderBy('MenuItemId').first('MenuItemId');
    if (!parent) throw HttpError.of(409, `The menu item ${entry.path.join(' › ')} sits under ${name}, which neither the document nor this installation's menu has there.`, null, 'MissingReference');
    parentId = parent.MenuItemId;
  }
  return parentId;
}

/**
 * Roles by key, else by name: a role the installation lacks is created (holding only what the document grants:
 * nobody has it until an administrator gives it to users); one an import created follows the source's renames. On
 * the nodes of the document's forms and pages, a role's grants become the document's (added, changed, or taken
 * away); its grants elsewhere are left alone. Nodes are named as the permission export names them.
 */
export async function applyRoles(ctx: ApplyContext, doc: TransferDocument): Promise<void> {
  const { trx, by, note } = ctx;
  const modules = new Map<string, number>();
  for (const ref of [...doc.forms.map((f) => ({ form: f.name })), ...doc.pages.map((p) => ({ page: p.route }))]) {
    const name = await moduleNameOf(trx, ref);
    modules.set(name, (await trx('modules').where({ Name: name }).first('ModuleId')).ModuleId);
  }
  for (const role of doc.roles) {
    const byKey: Row | undefined = role.key ? await trx('roles').where({ Key: role.key }).first('RoleId', 'Name') : undefined;
    // A role of the target's own found by name keeps its key: a rename on the source does not rename it.
    let stored: Row | undefined = byKey ?? await trx('roles').whereRaw('lower(name) = lower(?)', [role.name]).first('RoleId', 'Name');
    if (stored?.RoleId === 1) continue;
    const created = !stored;
    if (!stored) [stored] = await trx('roles').insert({ Name: role.name, Description: role.description, IsActive: role.isActive, ...(await keyColumn(trx, 'roles', role.key)), CreatedBy: by }).returning(['RoleId', 'Name']);
    const roleId = stored!.RoleId as number;
    const changes: string[] = [];
    if (byKey && byKey.Name !== role.name) {
      changes.push('Name');
      await trx('roles').where({ RoleId: roleId }).update({ Name: role.name, ModifiedBy: by, ModifiedDate: trx.fn.now() });
    }
    const wanted = new Map<number, { HasAccess: boolean; ViewAllRecords: boolean; label: string }>();
    for (const grant of role.grants) {
      const moduleName = await moduleNameOf(trx, grant.module);
      const nodeName = grant.type === 'module' ? moduleName : grant.type === 'route' ? `${screenIdOfModule(moduleName) ?? moduleName}.${grant.name}` : grant.name;
      const node = await trx('permission_nodes as n').join('modules as m', 'm.ModuleId', 'n.ModuleId').where({ 'm.Name': moduleName, 'n.Type': grant.type, 'n.Name': nodeName }).first('n.NodeId');
      if (!node) throw HttpError.of(409, `The role ${role.name} is granted the ${grant.type} ${grant.name || moduleName} of ${describeRef(grant.module)}, which has no such node here.`, null, 'MissingReference');
      wanted.set(node.NodeId, { HasAccess: grant.hasAccess, ViewAllRecords: grant.viewAllRecords, label: `${describeRef(grant.module)}: ${grant.type}${grant.name ? ` ${grant.name}` : ''}` });
    }
    const held: Row[] = await trx('role_permissions as rp').join('permission_nodes as n', 'n.NodeId', 'rp.NodeId')
      .where('rp.RoleId', roleId).whereIn('n.ModuleId', [...modules.values()]).select('rp.NodeId', 'rp.HasAccess', 'rp.ViewAllRecords', 'n.Name', 'n.Type');
    for (const [nodeId, grant] of wanted) {
      const current = held.find((h) => h.NodeId === nodeId);
      if (current && current.HasAccess === grant.HasAccess && current.ViewAllRecords === grant.ViewAllRecords) continue;
      changes.push(`${current ? 'changed' : 'granted'} ${grant.label}`);
      await trx('role_permissions').insert({ RoleId: roleId, NodeId: nodeId, HasAccess: grant.HasAccess, ViewAllRecords: grant.ViewAllRecords })
        .onConflict(['role_id', 'node_id']).merge(['has_access', 'view_all_records']);
    }
    for (const extra of held.filter((h) => !wanted.has(h.NodeId))) {
      changes.push(`took away ${extra.Type} ${extra.Name}`);
      await trx('role_permissions').where({ RoleId: roleId, NodeId: extra.NodeId }).delete();
    }
    note('Role', role.name, created ? 'create' : changes.length ? 'change' : 'unchanged', created ? [] : changes);
  }
}
