import { entryActionName } from '../menus/entry-actions.ts';
import type { Knex } from 'knex';
import { composeStoredForm } from '../../../engine/core/lowcode/compose-form.ts';
import { HttpError } from '../../lib/http-error.ts';
import { asStoredFields, readFields, readForm } from '../forms/definition-store.ts';
import { serverDay } from '../forms/built-forms.ts';
import { menuItemType } from '../menus/tree.ts';
import type { TransferDocument, TransferField, TransferGrant, TransferMenuItem, TransferRole } from './document.ts';
import { formModuleName, moduleRefOf, pageModuleName, screenIdOfModule } from './keys.ts';
import { circlesOf } from './circles.ts';
import { actionsOf } from './form-actions.ts';

type Row = Record<string, any>;

const typeNames: Record<number, TransferMenuItem['type']> = { [menuItemType.url]: 'URL Link', [menuItemType.module]: 'Module Link', [menuItemType.group]: 'Group' };

/**
 * The transfer document of the chosen built forms: their fields and UDFs (a select's list by its system name), the
 * lookup lists they offer with their items, the pages showing them with their page fields, the menu items linking to
 * those forms and pages with their parent chain, and every role's grants on those forms' and pages' nodes.
 */
export async function exportForms(db: Knex, formIds: number[]): Promise<TransferDocument> {
  const doc: TransferDocument = { format: 'metadmin-transfer', version: 1, exportedAt: new Date().toISOString(), lookupLists: [], forms: [], pages: [], menuItems: [], roles: [] };
  const listIds = new Set<number>();
  const modules: string[] = [];
  const listNames = new Map<number, string>(
    (await db('simple_lookup_tables').select('SimpleLookupTableId', 'SystemName')).map((l: Row) => [l.SimpleLookupTableId, l.SystemName]),
  );
  for (const formId of [...new Set(formIds)]) {
    const form = await readForm(db, formId);
    if (!form) throw HttpError.of(404, `The form ${formId} no longer exists.`, 'FormIds', 'NotFound');
    if (form.Source) throw HttpError.of(400, `The form ${form.Name} is a built-in part of the product: only forms built in Form Management are exported.`, 'FormIds', 'BuiltInForm');
    const fields = await readFields(db, formId);
    const fieldKeys = await keysOf(db, 'form_fields', 'FormFieldId', { FormId: formId });
    doc.forms.push({
      key: (await db('forms').where({ FormId: formId }).first('Key')).Key, name: form.Name, description: form.Description ?? null, canHaveEav: form.CanHaveEav ?? false, isCircleable: form.IsCircleable ?? false, isActive: form.IsActive,
      fields: fields.map((f): TransferField => {
        const { lookupListId, ...attributes } = (f.AttributeValues ?? {}) as Row;
        if (lookupListId !== undefined) listIds.add(Number(lookupListId));
        return {
          key: fieldKeys.get(f.FormFieldId), storedName: f.StoredName, name: f.Name, reportLabelText: f.ReportLabelText ?? null, fieldType: f.FieldType, isUdf: f.IsUdf, isActive: f.IsActive,
          startDate: f.StartDate ?? null, endDate: f.EndDate ?? null, sortOrder: f.SortOrder,
          ...(lookupListId !== undefined ? { lookupList: listNames.get(Number(lookupListId)) ?? String(lookupListId) } : {}), attributeValues: attributes,
        };
      }),
      screen: composeStoredForm(form, asStoredFields(fields), serverDay()).screen as unknown as Row,
      actions: await actionsOf(db, formId),
    });
    modules.push(formModuleName(formId));
  }
  for (const id of listIds) {
    const list: Row | undefined = await db('simple_lookup_tables as t').leftJoin('forms as f', 'f.FormId', 't.FormId').where('t.SimpleLookupTableId', id)
      .first('t.Key', 't.SystemName', 't.DisplayName', 't.Description', 't.IsActive', 't.IsEditable', { FormName: 'f.Name' });
    if (!list) continue;
    const items: Row[] = await db('simple_lookup_items').where({ TableId: id }).orderBy([{ column: 'SortOrder' }, { column: 'SimpleLookupItemId' }]).select('Key', 'Name', 'Description', 'SortOrder', 'IsActive');
    doc.lookupLists.push({
      key: list.Key, systemName: list.SystemName, displayName: list.DisplayName, description: list.Description ?? null, isActive: list.IsActive, isEditable: list.IsEditable,
      form: list.FormName ?? null, items: items.map((i) => ({ key: i.Key, name: i.Name, description: i.Description ?? null, sortOrder: i.SortOrder, isActive: i.IsActive })),
    });
  }
  const pages: Row[] = await db('pages as p').leftJoin('pages as parent', 'parent.PageId', 'p.ParentPageId').join('forms as f', 'f.FormId', 'p.FormId')
    .whereIn('p.FormId', formIds).orderBy('p.PageId').select('p.*', { ParentRoute: 'parent.Route', FormName: 'f.Name' });
  for (const page of pages) {
    const fields: Row[] = await db('page_fields').where({ PageId: page.PageId }).orderBy([{ column: 'SortOrder' }, { column: 'PageFieldId' }]).select('Key', 'Name', 'FieldType', 'Route', 'Target', 'IsActive', 'SortOrder', 'AttributeValues');
    doc.pages.push({
      key: page.Key, route: page.Route, name: page.Name, description: page.Description ?? null, permissionsDisplayName: page.PermissionsDisplayName, form: page.FormName,
      parentRoute: page.ParentRoute ?? null, controller: page.Controller ?? null, viewPath: page.ViewPath ?? null, action: entryActionName(page.Action),
      target: page.Target, isActive: page.IsActive,
      fields: fields.map((f) => ({ key: f.Key, name: f.Name, fieldType: f.FieldType, route: f.Route ?? null, target: f.Target, isActive: f.IsActive, sortOrder: f.SortOrder, attributeValues: f.AttributeValues ?? {} })),
    });
    modules.push(pageModuleName(page.PageId));
  }
  doc.menuItems = await menuItemsOf(db, modules);
  doc.roles = await rolesOf(db, modules);
  const circles = await circlesOf(db, formIds);
  if (circles.length) doc.circles = circles;
  return doc;
}

/** The keys of a table's rows, by id. */
async function keysOf(db: Knex, table: string, id: string, where: Row): Promise<Map<number, string>> {
  return new Map((await db(table).where(where).select(id, 'Key')).map((r: Row) => [r[id] as number, r.Key as string]));
}

/** The module links to the modules, and each one's parents up to the first tier (parents first). */
async function menuItemsOf(db: Knex, modules: string[]): Promise<TransferMenuItem[]> {
  const rows: Row[] = await db('menu_items as m').leftJoin('modules as mo', 'mo.ModuleId', 'm.ModuleId')
    .select('m.MenuItemId', 'm.Key', 'm.Name', 'm.MenuItemTypeId', 'm.Url', 'm.Target', 'm.Action', 'm.ParentMenuItemId', 'm.SortOrder', 'm.IsAlwaysVisible', 'm.IsActive', { ModuleName: 'mo.Name' });
  const byId = new Map(rows.map((r) => [r.MenuItemId as number, r]));
  const pathOf = (row: Row): string[] => {
    const names = [row.Name as string];
    for (let p = row.ParentMenuItemId, n = 0; p && n < 10; n++) {
      const parent = byId.get(p);
      if (!parent) break;
      names.unshift(parent.Name);
      p = parent.ParentMenuItemId;
    }
    return names;
  };
  const chosen = new Map<number, Row>();
  for (const row of rows.filter((r) => r.MenuItemTypeId === menuItemType.module && modules.includes(r.ModuleName))) {
    for (let at: Row | undefined = row; at; at = at.ParentMenuItemId ? byId.get(at.ParentMenuItemId) : undefined) chosen.set(at.MenuItemId, at);
  }
  const out: TransferMenuItem[] = [];
  for (const row of chosen.values()) {
    out.push({
      key: row.Key, path: pathOf(row), type: typeNames[row.MenuItemTypeId], ...(row.ModuleName ? { module: await moduleRefOf(db, row.ModuleName) } : {}),
      url: row.Url ?? null, target: row.Target ?? null, ...(row.Action ? { action: entryActionName(row.Action) } : {}), sortOrder: row.SortOrder, isAlwaysVisible: row.IsAlwaysVisible, isActive: row.IsActive,
    });
  }
  return out.sort((a, b) => a.path.length - b.path.length || a.path.join('\n').localeCompare(b.path.join('\n')));
}

/** Every role's grants (but role 1's, which holds everything without rows) on the modules' live nodes, roles by name. */
async function rolesOf(db: Knex, modules: string[]): Promise<TransferRole[]> {
  if (!modules.length) return [];
  const rows: Row[] = await db('role_permissions as rp').join('roles as r', 'r.RoleId', 'rp.RoleId').join('permission_nodes as n', 'n.NodeId', 'rp.NodeId')
    .join('modules as mo', 'mo.ModuleId', 'n.ModuleId').whereIn('mo.Name', modules).where('n.IsRetired', false).whereNot('r.RoleId', 1)
    .orderBy([{ column: 'r.Name' }, { column: 'mo.Name' }, { column: 'n.SortOrder' }, { column: 'n.Name' }])
    .select('r.Key as RoleKey', 'r.Name as RoleName', 'r.Description', 'r.IsActive', 'mo.Name as ModuleName', 'n.Type', 'n.Name', 'rp.HasAccess', 'rp.ViewAllRecords');
  const roles = new Map<string, TransferRole>();
  for (const row of rows) {
    const role: TransferRole = roles.get(row.RoleName) ?? { key: row.RoleKey, name: row.RoleName, description: row.Description ?? null, isActive: row.IsActive, grants: [] };
    roles.set(row.RoleName, role);
    const prefix = `${screenIdOfModule(row.ModuleName)}.`;
    const name = row.Type === 'module' ? '' : row.Type === 'route' && String(row.Name).startsWith(prefix) ? String(row.Name).slice(prefix.length) : row.Name;
    const grant: TransferGrant = { module: await moduleRefOf(db, row.ModuleName), type: row.Type, name, hasAccess: row.HasAccess, viewAllRecords: row.ViewAllRecords };
    role.grants.push(grant);
  }
  return [...roles.values()];
}
