import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { checkPageRoute } from '../pages/page-rules.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { fieldIdentifier, identifierFault, slugOf } from '../../../engine/core/lowcode/compose-form.ts';
import { fieldTypeOf } from '../../../engine/core/lowcode/field-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ModuleRef, TransferDocument, TransferGrant } from './document.ts';

/** One row of the form builder: a field as a person names it, with a new list's choices typed in place. */
export interface BuildField {
  Label: string;
  FieldType: string;
  Required?: boolean;
  /** A select's choices, one per line: a new lookup list named after the field. */
  Items?: string[];
  IsUdf?: boolean;
  StartDate?: string | null;
  EndDate?: string | null;
}

/** A new form with its fields, and what publishes it: a page, a menu item to it, and a role's access. */
export interface BuildBody {
  Name: string;
  Description?: string | null;
  /** Its records belong to atomic circles (issue 30). */
  IsCircleable?: boolean;
  Fields: BuildField[];
  Page?: { Name: string; Route?: string | null } | null;
  MenuItem?: boolean;
  Role?: { Name: string; Create: boolean; Update: boolean; Delete: boolean; ViewAllRecords?: boolean } | null;
}

const selectTypes = new Set(['selectOne', 'selectMany']);
const fault = (PropertyName: string, ErrorMessage: string, ErrorCode = 'FormBuild'): ErrorItem => ({ PropertyName, ErrorMessage, ErrorCode });
const trimmed = (text: string | null | undefined) => (text ?? '').trim();
/** A select's choices as typed, blank lines left out. */
const choicesOf = (field: BuildField) => (field.Items ?? []).map((item) => item.trim()).filter(Boolean);

/** What is wrong with the build, each named by the row and column it concerns (Fields/2/Items), in the order shown. */
export function buildFaults(body: BuildBody): ErrorItem[] {
  const faults: ErrorItem[] = [];
  if (!trimmed(body.Name)) faults.push(fault('Name', 'Name is required.', 'Required'));
  if (!body.Fields.length) faults.push(fault('Fields', 'Add at least one field.', 'Required'));
  const seen = new Map<string, number>();
  body.Fields.forEach((field, i) => {
    const at = (column: string) => `Fields/${i}/${column}`;
    const label = trimmed(field.Label);
    if (!label) faults.push(fault(at('Label'), 'Label is required.', 'Required'));
    else {
      const why = identifierFault(label);
      if (why) faults.push(fault(at('Label'), why));
      const id = fieldIdentifier(label)?.toLowerCase();
      if (id && seen.has(id)) faults.push(fault(at('Label'), `Two fields are named ${label}: give each its own name.`, 'Duplicate'));
      if (id) seen.set(id, i);
    }
    if (!fieldTypeOf(field.FieldType)) faults.push(fault(at('FieldType'), 'Choose the type of the field.', 'Required'));
    if (selectTypes.has(field.FieldType)) {
      const items = choicesOf(field);
      if (!items.length) faults.push(fault(at('Items'), 'Type the choices, one per line.', 'Required'));
      const twice = items.find((item, j) => items.findIndex((other) => other.toLowerCase() === item.toLowerCase()) !== j);
      if (twice) faults.push(fault(at('Items'), `The choice ${twice} is typed twice.`, 'Duplicate'));
      if (items.some((item) => item.length > 200)) faults.push(fault(at('Items'), 'A choice may have at most 200 characters.'));
    }
    if (field.IsUdf && !field.StartDate) faults.push(fault(at('StartDate'), 'Start Date is required.', 'Required'));
    if (field.StartDate && field.EndDate && field.EndDate < field.StartDate) faults.push(fault(at('EndDate'), 'End Date must be on or after Start Date.'));
  });
  if (body.Page && !trimmed(body.Page.Name)) faults.push(fault('Page/Name', 'Page Name is required.', 'Required'));
  if (body.Page && !slugOf(trimmed(body.Page.Route) || body.Page.Name)) faults.push(fault('Page/Route', 'The page name needs letters or digits to make its address of.'));
  if (body.MenuItem && !body.Page) faults.push(fault('MenuItem', 'A menu item opens a page: give the form a page too.'));
  if (body.Role && !trimmed(body.Role.Name)) faults.push(fault('Role/Name', 'Role Name is required.', 'Required'));
  return faults;
}

/** A lookup list's system name not yet taken (a new list beside an existing one of the same name). */
async function freeSystemName(trx: Knex, wanted: string, taken: Set<string>): Promise<string> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? wanted : `${wanted}${n}`;
    if (taken.has(name.toLowerCase())) continue;
    if (!(await trx('simple_lookup_tables').whereRaw('lower(system_name) = lower(?)', [name]).first('SimpleLookupTableId'))) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}

/** The page's route: the one asked for, else /<the page name as a slug>. */
export const pageRouteOf = (page: NonNullable<BuildBody['Page']>) => {
  const asked = trimmed(page.Route);
  return asked ? (asked.startsWith('/') ? asked : `/${asked}`) : `/${slugOf(page.Name)}`;
};

/**
 * The build as a transfer document, so that it is made by the very code an import runs (one transaction, the
 * screens' rules, recorded as an import an administrator can roll back): lists for the typed choices, the form and
 * its fields, the page, a first-tier menu item, and the role's grants on what staff open (the page, else the form):
 * the module, the routes chosen, and every field editable.
 */
export async function buildDocument(trx: Knex, body: BuildBody): Promise<TransferDocument> {
  const name = trimmed(body.Name);
  const taken = new Set<string>();
  const lookupLists: TransferDocument['lookupLists'] = [];
  const fields: TransferDocument['forms'][number]['fields'] = [];
  for (const [i, field] of body.Fields.entries()) {
    const label = trimmed(field.Label);
    const storedName = fieldIdentifier(label)!;
    let lookupList: string | undefined;
    if (selectTypes.has(field.FieldType)) {
      lookupList = await freeSystemName(trx, storedName, taken);
      const items = choicesOf(field);
      lookupLists.push({
        systemName: lookupList, displayName: label, description: `The choices of ${label} on ${name}.`, isActive: true, isEditable: true, form: null,
        items: items.map((item, n) => ({ name: item, description: null, sortOrder: n + 1, isActive: true })),
      });
    }
    fields.push({
      storedName, name: label, reportLabelText: field.IsUdf ? null : label, fieldType: field.FieldType, isUdf: Boolean(field.IsUdf), isActive: true,
      startDate: field.StartDate ?? null, endDate: field.EndDate ?? null, sortOrder: i + 1, ...(lookupList ? { lookupList } : {}),
      attributeValues: field.Required ? { required: true } : {},
    });
  }
  for (const list of lookupLists) list.form = name;
  const doc: TransferDocument = {
    format: 'metadmin-transfer', version: 1, lookupLists,
    forms: [{ name, description: trimmed(body.Description) || null, canHaveEav: true, isCircleable: body.IsCircleable === true, isActive: true, fields }],
    pages: [], menuItems: [], roles: [],
  };
  let opened: ModuleRef = { form: name };
  if (body.Page) {
    const route = pageRouteOf(body.Page);
    const pageName = trimmed(body.Page.Name);
    doc.pages.push({
      route, name: pageName, description: null, permissionsDisplayName: pageName, form: name, parentRoute: null,
      controller: null, viewPath: null, action: null, target: 'self', isActive: true, fields: [],
    });
    opened = { page: route };
    if (body.MenuItem) {
      // First on the first tier: what staff came to do comes before the administration screens.
      const { First: first } = (await trx('menu_items').whereNull('ParentMenuItemId').min('SortOrder as First').first()) ?? {};
      doc.menuItems.push({ path: [pageName], type: 'Module Link', module: opened, url: null, target: null, sortOrder: Number(first ?? 10) - 10, isAlwaysVisible: false, isActive: true });
    }
  }
  if (body.Role) {
    const role = body.Role;
    const grant = (type: TransferGrant['type'], grantName: string): TransferGrant => ({ module: opened, type, name: grantName, hasAccess: true, viewAllRecords: type === 'module' && Boolean(role.ViewAllRecords) });
    doc.roles.push({
      name: trimmed(role.Name), description: null, isActive: true,
      grants: [
        grant('module', ''),
        ...(['create', 'update', 'delete'] as const).filter((kind) => role[kind === 'create' ? 'Create' : kind === 'update' ? 'Update' : 'Delete']).map((kind) => grant('route', kind)),
        ...fields.map((f) => grant('field', f.storedName)),
      ],
    });
  }
  return doc;
}

/**
 * The builder makes new things only: a form of that name (the spec's words for a taken name), a page route another
 * screen, form or page holds, or a first-tier menu item of the page's name would otherwise be taken over.
 */
export async function refuseTaken(app: FastifyInstance, trx: Knex, body: BuildBody): Promise<void> {
  if (await trx('forms').whereRaw('lower(name) = lower(?)', [body.Name.trim()]).first('FormId')) {
    throw HttpError.of(400, `A record with the name ${body.Name.trim()} already exists.`, 'Name', 'Unique');
  }
  if (!body.Page) return;
  try {
    await checkPageRoute(app, trx, pageRouteOf(body.Page));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw new HttpError(400, error.items.map((item) => ({ ...item, PropertyName: 'Page/Name' })));
  }
  const name = body.Page.Name.trim();
  if (body.MenuItem && await trx('menu_items').whereNull('ParentMenuItemId').whereRaw('lower(name) = lower(?)', [name]).first('MenuItemId')) {
    throw HttpError.of(400, `The menu has an item ${name} on its first tier already: give the page another name.`, 'Page/Name', 'Unique');
  }
}
