import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { FormFieldInput } from '../../../engine/core/lowcode/api.ts';
import type { Principal } from '../../types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { formToChange, readFields } from '../forms/definition-store.ts';
import { afterDefinitionChange, recordTableName } from '../forms/definition-sync.ts';
import { saveField } from '../forms/field-changes.ts';
import { checkRouteName } from '../forms/form-routes.ts';
import { createRecordTable } from '../forms/tables/index.ts';
import { recordListRevisions } from '../forms/definition-store.ts';
import { checkPageForm, checkPageRoute, checkParentChain } from '../pages/page-rules.ts';
import { syncPageNodes } from '../pages/page-screens.ts';
import { checkMenuPlacement, lockMenuShape } from '../menus/placement.ts';
import { menuItemType } from '../menus/tree.ts';
import type { TransferDocument, TransferField, TransferMenuItem } from './document.ts';
import { describeRef, moduleNameOf, screenIdOfModule } from './keys.ts';

type Row = Record<string, any>;

export type PlanAction = 'create' | 'change' | 'unchanged';
export interface PlanEntry { Kind: string; Key: string; Action: PlanAction; Changes: string[] }

const same = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Row)[k])]));
  return value ?? null;
}
/** The names of the properties whose wanted value differs from the stored one. */
const differing = (stored: Row, wanted: Row, titles: Record<string, string>) => Object.entries(titles).filter(([k]) => !same(stored[k], wanted[k])).map(([, t]) => t);

const menuTypeIds: Record<TransferMenuItem['type'], number> = { 'URL Link': menuItemType.url, 'Module Link': menuItemType.module, Group: menuItemType.group };

/**
 * Brings the installation in line with the document, in the caller's transaction, through the functions the
 * screens use (a form's record table and module, saveField's columns, a page's rules and module, the menu's
 * placement checks), and answers per thing what it did. Only what differs is written: a second run writes nothing.
 * Things the installation has that the document does not name are left as they are.
 */
export async function applyDocument(app: FastifyInstance, trx: Knex.Transaction, doc: TransferDocument, principal: Principal): Promise<{ plan: PlanEntry[]; changedForms: number[] }> {
  const plan: PlanEntry[] = [];
  const note = (Kind: string, Key: string, Action: PlanAction, Changes: string[] = []) => plan.push({ Kind, Key, Action, Changes });
  const by = principal.UserName;
  const listIds = new Map<string, number>();
  const changedLists: number[] = [];

  // Lookup lists and their items (a list's form is set once the forms exist).
  for (const list of doc.lookupLists) {
    const wanted = { DisplayName: list.displayName, Description: list.description, IsActive: list.isActive, IsEditable: list.isEditable };
    const stored: Row | undefined = await trx('simple_lookup_tables').whereRaw('lower(system_name) = lower(?)', [list.systemName]).first();
    let id: number;
    if (!stored) {
      [{ SimpleLookupTableId: id }] = await trx('simple_lookup_tables').insert({ SystemName: list.systemName, ...wanted, CreatedBy: by }).returning('SimpleLookupTableId');
      note('Lookup list', list.systemName, 'create');
    } else {
      id = stored.SimpleLookupTableId;
      const changes = differing(stored, wanted, { DisplayName: 'Display Name', Description: 'Description', IsActive: 'Is Active', IsEditable: 'Is Editable' });
      if (changes.length) {
        await trx('simple_lookup_tables').where({ SimpleLookupTableId: id }).update({ ...wanted, ModifiedBy: by, ModifiedDate: trx.fn.now() });
        changedLists.push(id);
      }
      note('Lookup list', list.systemName, changes.length ? 'change' : 'unchanged', changes);
    }
    listIds.set(list.systemName.toLowerCase(), id);
    for (const entry of list.items) {
      const key = `${list.systemName} › ${entry.name}`;
      const itemWanted = { Description: entry.description, SortOrder: entry.sortOrder, IsActive: entry.isActive };
      const item: Row | undefined = await trx('simple_lookup_items').where({ TableId: id }).whereRaw('lower(name) = lower(?)', [entry.name]).first();
      if (!item) {
        await trx('simple_lookup_items').insert({ TableId: id, Name: entry.name, ...itemWanted, CreatedBy: by });
        if (stored) changedLists.push(id);
        note('Lookup item', key, 'create');
        continue;
      }
      const changes = differing(item, itemWanted, { Description: 'Description', SortOrder: 'Sort Order', IsActive: 'Is Active' });
      if (changes.length) {
        await trx('simple_lookup_items').where({ SimpleLookupItemId: item.SimpleLookupItemId }).update({ ...itemWanted, ModifiedBy: by, ModifiedDate: trx.fn.now() });
        changedLists.push(id);
      }
      note('Lookup item', key, changes.length ? 'change' : 'unchanged', changes);
    }
  }

  // Forms and their fields: a new form gets its record table, each new field its column (saveField), and a form
  // that changed one revision and its module's nodes (afterDefinitionChange).
  const changedForms: number[] = [];
  for (const form of doc.forms) {
    const wanted = { Description: form.description, CanHaveEav: form.canHaveEav, IsCircleable: form.isCircleable, IsActive: form.isActive };
    const stored: Row | undefined = await trx('forms').whereRaw('lower(name) = lower(?)', [form.name]).first();
    if (stored?.Source) throw HttpError.of(409, `The form ${form.name} is a built-in part of the product here: a document cannot change it.`, null, 'BuiltInForm');
    let formId: number;
    let touched = false;
    if (!stored) {
      [{ FormId: formId }] = await trx('forms').insert({ Name: form.name, ...wanted, CreatedBy: by }).returning('FormId');
      await checkRouteName(app, trx, form.name, formId);
      await trx('forms').where({ FormId: formId }).update({ TableName: recordTableName(formId) });
      await createRecordTable(trx, recordTableName(formId), []);
      note('Form', form.name, 'create');
      touched = true;
    } else {
      formId = stored.FormId;
      const changes = differing(stored, wanted, { Description: 'Description', CanHaveEav: 'Can Have UDFs', IsCircleable: 'Is Circleable', IsActive: 'Is Active' });
      if (changes.length) {
        await trx('forms').where({ FormId: formId }).update({ ...wanted, ModifiedBy: by, ModifiedDate: trx.fn.now() });
        touched = true;
      }
      note('Form', form.name, changes.length ? 'change' : 'unchanged', changes);
    }
    const existing = await readFields(trx, formId);
    for (const field of form.fields) {
      const input = fieldInput(formId, field, listIds);
      const current = existing.find((f) => f.StoredName.toLowerCase() === field.storedName.toLowerCase());
      const key = `${form.name} › ${field.storedName}`;
      if (current) {
        const changes = differing({ ...current, AttributeValues: current.AttributeValues ?? {} }, { ...input, StartDate: input.StartDate, EndDate: input.EndDate }, {
          Name: 'Name', ReportLabelText: 'Report Label Text', FieldType: 'Field Type', IsUdf: 'Is UDF', IsActive: 'Is Active', StartDate: 'Start Date', EndDate: 'End Date', SortOrder: 'Sort Order', AttributeValues: 'Attributes',
        });
        if (changes.length) {
          await saveField(trx, await formToChange(trx, formId, { lock: true }), input, by, current);
          touched = true;
        }
        note(field.isUdf ? 'UDF' : 'Field', key, changes.length ? 'change' : 'unchanged', changes);
      } else {
        await saveField(trx, await formToChange(trx, formId, { lock: true }), input, by);
        touched = true;
        note(field.isUdf ? 'UDF' : 'Field', key, 'create');
      }
    }
    if (touched) {
      await afterDefinitionChange(app, trx, formId, principal, stored ? 'Changed by an import' : 'Created by an import');
      changedForms.push(formId);
    }
  }
  // A list's form, now that the forms exist; then every other form offering a changed list gets its revision.
  for (const list of doc.lookupLists) {
    const id = listIds.get(list.systemName.toLowerCase())!;
    const formId = list.form ? (await trx('forms').whereRaw('lower(name) = lower(?)', [list.form]).first('FormId'))?.FormId ?? null : null;
    const stored = await trx('simple_lookup_tables').where({ SimpleLookupTableId: id }).first('FormId');
    if ((stored?.FormId ?? null) !== formId) {
      await trx('simple_lookup_tables').where({ SimpleLookupTableId: id }).update({ FormId: formId });
      const entry = plan.find((p) => p.Kind === 'Lookup list' && p.Key === list.systemName)!;
      if (entry.Action === 'unchanged') Object.assign(entry, { Action: 'change', Changes: ['Form'] });
    }
  }
  for (const id of new Set(changedLists)) {
    const offering: Array<{ FormId: number }> = await trx('form_fields').whereRaw("??->>'lookupListId' = ?", ['AttributeValues', String(id)]).distinct('FormId');
    if (offering.some((f) => !changedForms.includes(f.FormId))) await recordListRevisions(trx, id, principal, 'Lookup list changed by an import');
  }

  await applyPages(app, trx, doc, by, note);
  await applyMenuItems(trx, doc, by, note);
  await applyRoles(trx, doc, by, note);
  return { plan, changedForms };
}

function fieldInput(formId: number, field: TransferField, listIds: Map<string, number>): FormFieldInput {
  const attributes = { ...field.attributeValues, ...(field.lookupList ? { lookupListId: listIds.get(field.lookupList.toLowerCase()) } : {}) };
  return {
    FormId: formId, Name: field.name, ReportLabelText: field.reportLabelText, FieldType: field.fieldType, IsUdf: field.isUdf, IsActive: field.isActive,
    StartDate: field.isUdf ? field.startDate : null, EndDate: field.isUdf ? field.endDate : null, SortOrder: field.sortOrder, AttributeValues: attributes,
  };
}

type Note = (kind: string, key: string, action: PlanAction, changes?: string[]) => void;

/** Pages by route (parents first, so a parent's route resolves), their rules and modules, and their page fields by name. */
async function applyPages(app: FastifyInstance, trx: Knex.Transaction, doc: TransferDocument, by: string, note: Note): Promise<void> {
  const depth = (route: string | null, n = 0): number => {
    const parent = doc.pages.find((p) => p.route.toLowerCase() === route?.toLowerCase());
    return parent && n < 20 ? depth(parent.parentRoute, n + 1) + 1 : 0;
  };
  for (const page of [...doc.pages].sort((a, b) => depth(a.parentRoute) - depth(b.parentRoute))) {
    const form = await trx('forms').whereRaw('lower(name) = lower(?)', [page.form]).first('FormId');
    const parent = page.parentRoute ? await trx('pages').whereRaw('lower(route) = lower(?)', [page.parentRoute]).first('PageId') : null;
    if (page.parentRoute && !parent) throw HttpError.of(409, `The page ${page.route} sits under the page ${page.parentRoute}, which neither the document nor this installation has.`, null, 'MissingReference');
    const wanted = {
      Name: page.name, Description: page.description, PermissionsDisplayName: page.permissionsDisplayName, FormId: form?.FormId, ParentPageId: parent?.PageId ?? null,
      Controller: page.controller, ViewPath: page.viewPath, Action: page.action, Target: page.target, IsActive: page.isActive,
    };
    const stored: Row | undefined = await trx('pages').whereRaw('lower(route) = lower(?)', [page.route]).first();
    const sameName = await trx('pages').whereRaw('lower(name) = lower(?)', [page.name]).whereNot('PageId', stored?.PageId ?? 0).first('Route');
    if (sameName) throw HttpError.of(409, `The page ${page.route} is named ${page.name}, which the page ${sameName.Route} has here.`, null, 'Unique');
    let pageId: number;
    if (!stored) {
      await checkPageForm(trx, wanted.FormId);
      await checkPageRoute(app, trx, page.route);
      [{ PageId: pageId }] = await trx('pages').insert({ Route: page.route, ...wanted, CreatedBy: by }).returning('PageId');
      note('Page', page.route, 'create');
    } else {
      pageId = stored.PageId;
      const changes = differing(stored, wanted, {
        Name: 'Name', Description: 'Description', PermissionsDisplayName: 'Permissions Display Name', FormId: 'Form', ParentPageId: 'Parent Page',
        Controller: 'Controller', ViewPath: 'View Path', Action: 'Action', Target: 'Target', IsActive: 'Is Active',
      });
      if (changes.length) {
        await checkPageForm(trx, wanted.FormId);
        await trx('pages').where({ PageId: pageId }).update({ ...wanted, ModifiedBy: by, ModifiedDate: trx.fn.now(), RowVersion: trx.raw('row_version + 1') });
      }
      note('Page', page.route, changes.length ? 'change' : 'unchanged', changes);
    }
    await checkParentChain(trx, pageId, wanted.ParentPageId);
    // Its module follows its form and title (writes only what differs, so an unchanged page writes nothing).
    await syncPageNodes(trx, pageId);
    for (const field of page.fields) {
      const fieldWanted = { FieldType: field.fieldType, IsActive: field.isActive, SortOrder: field.sortOrder, AttributeValues: field.attributeValues };
      const current: Row | undefined = await trx('page_fields').where({ PageId: pageId }).whereRaw('lower(name) = lower(?)', [field.name]).first();
      const key = `${page.route} › ${field.name}`;
      if (!current) {
        await trx('page_fields').insert({ PageId: pageId, Name: field.name, ...fieldWanted, AttributeValues: JSON.stringify(field.attributeValues), CreatedBy: by });
        note('Page field', key, 'create');
        continue;
      }
      const changes = differing(current, fieldWanted, { FieldType: 'Field Type', IsActive: 'Is Active', SortOrder: 'Sort Order', AttributeValues: 'Attributes' });
      if (changes.length) {
        await trx('page_fields').where({ PageFieldId: current.PageFieldId })
          .update({ ...fieldWanted, AttributeValues: JSON.stringify(field.attributeValues), ModifiedBy: by, ModifiedDate: trx.fn.now(), RowVersion: trx.raw('row_version + 1') });
      }
      note('Page field', key, changes.length ? 'change' : 'unchanged', changes);
    }
  }
}

/** Menu items by their path of names from the first tier (parents first); a module link's module by its reference. */
async function applyMenuItems(trx: Knex.Transaction, doc: TransferDocument, by: string, note: Note): Promise<void> {
  if (!doc.menuItems.length) return;
  await lockMenuShape(trx);
  for (const entry of [...doc.menuItems].sort((a, b) => a.path.length - b.path.length)) {
    const key = entry.path.join(' › ');
    let parentId: number | null = null;
    for (const name of entry.path.slice(0, -1)) {
      const parent: Row | undefined = await trx('menu_items').where({ ParentMenuItemId: parentId }).whereRaw('lower(name) = lower(?)', [name]).orderBy('MenuItemId').first('MenuItemId');
      if (!parent) throw HttpError.of(409, `The menu item ${key} sits under ${name}, which neither the document nor this installation's menu has there.`, null, 'MissingReference');
      parentId = parent.MenuItemId;
    }
    const typeId = menuTypeIds[entry.type];
    const moduleName = entry.type === 'Module Link' && entry.module ? await moduleNameOf(trx, entry.module) : null;
    const moduleId = moduleName ? (await trx('modules').where({ Name: moduleName }).first('ModuleId'))?.ModuleId : null;
    const wanted = {
      Url: entry.type === 'URL Link' ? entry.url : null, Target: entry.type === 'URL Link' ? entry.target : null, ModuleId: moduleId ?? null,
      SortOrder: entry.sortOrder, IsAlwaysVisible: entry.isAlwaysVisible, IsActive: entry.isActive,
    };
    const name = entry.path[entry.path.length - 1];
    const stored: Row | undefined = await trx('menu_items').where({ ParentMenuItemId: parentId }).whereRaw('lower(name) = lower(?)', [name]).orderBy('MenuItemId').first();
    if (stored && stored.MenuItemTypeId !== typeId) {
      throw HttpError.of(409, `The menu item ${key} is a ${entry.type} in the document and of another type here: a menu item's type cannot change. Rename or move the one here first.`, null, 'Conflict');
    }
    if (stored && typeId === menuItemType.module && stored.ModuleId !== wanted.ModuleId) {
      throw HttpError.of(409, `The menu item ${key} links to ${describeRef(entry.module!)} in the document and to another module here: a menu item's module cannot change.`, null, 'Conflict');
    }
    let id: number;
    if (!stored) {
      [{ MenuItemId: id }] = await trx('menu_items').insert({ Name: name, MenuItemTypeId: typeId, ParentMenuItemId: parentId, ...wanted, CreatedBy: by }).returning('MenuItemId');
      note('Menu item', key, 'create');
    } else if (typeId === menuItemType.group) {
      // An existing group is where the links go, shared with what else sits in it here: matched, never rearranged.
      id = stored.MenuItemId;
      note('Menu item', key, 'unchanged');
    } else {
      id = stored.MenuItemId;
      const changes = differing(stored, wanted, { Url: 'URL', Target: 'Target', SortOrder: 'Sort Order', IsAlwaysVisible: 'Is Always Visible', IsActive: 'Is Active' });
      if (changes.length) await trx('menu_items').where({ MenuItemId: id }).update({ ...wanted, ModifiedBy: by, ModifiedDate: trx.fn.now(), RowVersion: trx.raw('row_version + 1') });
      note('Menu item', key, changes.length ? 'change' : 'unchanged', changes);
    }
    await checkMenuPlacement(trx, id);
  }
}

/**
 * Roles by name: a role the installation lacks is created (holding only what the document grants: nobody has it
 * until an administrator gives it to users). On the nodes of the document's forms and pages, a role's grants
 * become the document's (added, changed, or taken away); its grants elsewhere are left alone.
 */
async function applyRoles(trx: Knex.Transaction, doc: TransferDocument, by: string, note: Note): Promise<void> {
  const modules = new Map<string, number>();
  for (const ref of [...doc.forms.map((f) => ({ form: f.name })), ...doc.pages.map((p) => ({ page: p.route }))]) {
    const name = await moduleNameOf(trx, ref);
    modules.set(name, (await trx('modules').where({ Name: name }).first('ModuleId')).ModuleId);
  }
  for (const role of doc.roles) {
    let stored: Row | undefined = await trx('roles').whereRaw('lower(name) = lower(?)', [role.name]).first('RoleId');
    if (stored?.RoleId === 1) continue;
    const created = !stored;
    if (!stored) [stored] = await trx('roles').insert({ Name: role.name, Description: role.description, IsActive: role.isActive, CreatedBy: by }).returning('RoleId');
    const roleId = stored!.RoleId as number;
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
    const changes: string[] = [];
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
