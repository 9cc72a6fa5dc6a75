import transferSchema from '../../../metadata/transfer.schema.json' with { type: 'json' };
import { createAjv } from '../../../engine/core/ajv.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { fieldTypeOf } from '../../../engine/core/lowcode/field-types.ts';
import { attributeFaults } from '../../../engine/core/lowcode/attribute-faults.ts';
import { screenDocumentFaults } from '../../../engine/core/screen-document.ts';
import { HttpError } from '../../lib/http-error.ts';

/** A module named by what names it on every installation (never its local id). */
export type ModuleRef = { form: string } | { page: string } | { module: string };

/** Every definition carries its stable key (absent from documents made before keys existed). */
interface Keyed { key?: string }

export interface TransferField extends Keyed {
  storedName: string; name: string; reportLabelText: string | null; fieldType: string; isUdf: boolean; isActive: boolean;
  startDate: string | null; endDate: string | null; sortOrder: number; lookupList?: string; attributeValues: Record<string, unknown>;
}
/** A built form's row or set action, by its ActionName; a custom one's parent by the parent's ActionName. */
export interface TransferAction {
  name: string; buttonText: string; url: string | null; scope: 'row' | 'set'; parent: string | null; buttonCss: string | null; sortOrder: number; isActive: boolean;
}
export interface TransferForm extends Keyed {
  name: string; description: string | null; canHaveEav: boolean; isCircleable: boolean; isActive: boolean;
  fields: TransferField[]; screen?: Record<string, unknown>;
  /** Absent from documents made before actions travelled: the form's actions are then left as they are. */
  actions?: TransferAction[];
}
export interface TransferLookupItem extends Keyed { name: string; description: string | null; sortOrder: number; isActive: boolean }
export interface TransferLookupList extends Keyed {
  systemName: string; displayName: string; description: string | null; isActive: boolean; isEditable: boolean; form: string | null;
  items: TransferLookupItem[];
}
export interface TransferPageField extends Keyed {
  name: string; fieldType: string; route: string | null; target: string; isActive: boolean; sortOrder: number; attributeValues: Record<string, unknown>;
}
export interface TransferPage extends Keyed {
  route: string; name: string; description: string | null; permissionsDisplayName: string; form: string; parentRoute: string | null;
  controller: string | null; viewPath: string | null; action: string | null; target: string; isActive: boolean; fields: TransferPageField[];
}
export interface TransferMenuItem extends Keyed {
  path: string[]; type: 'URL Link' | 'Module Link' | 'Group'; module?: ModuleRef; url: string | null; target: string | null; action?: string | null;
  sortOrder: number; isAlwaysVisible: boolean; isActive: boolean;
}
export interface TransferGrant { module: ModuleRef; type: 'module' | 'route' | 'field'; name: string; hasAccess: boolean; viewAllRecords: boolean }
export interface TransferRole extends Keyed { name: string; description: string | null; isActive: boolean; grants: TransferGrant[] }
/** A circle's explicit grants of the moved forms' row actions (a form by name, an action by its name). */
export interface TransferCircle extends Keyed { kind: 'atomic' | 'aggregate'; name: string; actions: Array<{ form: string; action: string }> }

export interface TransferDocument {
  format: 'metadmin-transfer';
  version: 1;
  exportedAt?: string;
  lookupLists: TransferLookupList[];
  forms: TransferForm[];
  pages: TransferPage[];
  menuItems: TransferMenuItem[];
  roles: TransferRole[];
  circles?: TransferCircle[];
}

const validate = createAjv().compile(transferSchema);

const item = (pointer: string, message: string, code = 'TransferDocument'): ErrorItem => ({ PropertyName: pointer || '/', ErrorMessage: message, ErrorCode: code });

/** Keys the import matches by must be unique within the document (case ignored, as the installation compares them). */
function duplicateFaults<T>(list: T[], key: (t: T) => string, pointer: string, what: string): ErrorItem[] {
  const seen = new Set<string>();
  return list.flatMap((entry, i) => {
    const k = key(entry).toLowerCase();
    if (!seen.has(k)) return (seen.add(k), []);
    return [item(`${pointer}/${i}`, `The document names the ${what} ${key(entry)} twice.`, 'Duplicate')];
  });
}

/** A key names one definition: the same key twice in a document is refused (it would match one row twice). */
function duplicateKeyFaults(doc: TransferDocument): ErrorItem[] {
  const keyed: Array<[string, { key?: string }]> = [
    ...doc.lookupLists.flatMap((l, i) => [[`/lookupLists/${i}`, l], ...l.items.map((t, j) => [`/lookupLists/${i}/items/${j}`, t])] as Array<[string, { key?: string }]>),
    ...doc.forms.flatMap((f, i) => [[`/forms/${i}`, f], ...f.fields.map((t, j) => [`/forms/${i}/fields/${j}`, t])] as Array<[string, { key?: string }]>),
    ...doc.pages.flatMap((p, i) => [[`/pages/${i}`, p], ...p.fields.map((t, j) => [`/pages/${i}/fields/${j}`, t])] as Array<[string, { key?: string }]>),
    ...doc.menuItems.map((m, i): [string, { key?: string }] => [`/menuItems/${i}`, m]),
    ...doc.roles.map((r, i): [string, { key?: string }] => [`/roles/${i}`, r]),
  ];
  const seen = new Set<string>();
  return keyed.flatMap(([pointer, { key }]) => {
    if (!key) return [];
    if (!seen.has(key.toLowerCase())) return (seen.add(key.toLowerCase()), []);
    return [item(`${pointer}/key`, `The document gives the key ${key} to two definitions.`, 'Duplicate')];
  });
}

/** A page field's type is one of the catalogue's and its attribute values are that type's, as the page field calls check them. */
function pageFieldFaults(field: TransferPageField, at: string, what: string): ErrorItem[] {
  const type = fieldTypeOf(field.fieldType);
  if (!type) return [item(`${at}/fieldType`, `${what} has the type '${field.fieldType}', which is no field type of this installation.`, 'unknownFieldType')];
  return attributeFaults(type, field.attributeValues, `${at}/attributeValues`)
    .map((f) => item(f.PropertyName!.replace(`${at}/attributeValues.`, `${at}/attributeValues/`), `${what}: ${f.ErrorMessage}`, String(f.ErrorCode)));
}

/** Checks beyond the schema: field types the catalogue knows, references inside the document, the screens against screen.schema.json. */
function crossFaults(doc: TransferDocument): ErrorItem[] {
  const faults: ErrorItem[] = [];
  const lists = new Set(doc.lookupLists.map((l) => l.systemName.toLowerCase()));
  const forms = new Set(doc.forms.map((f) => f.name.toLowerCase()));
  doc.forms.forEach((form, i) => {
    form.fields.forEach((field, j) => {
      if (!fieldTypeOf(field.fieldType)) faults.push(item(`/forms/${i}/fields/${j}/fieldType`, `The field ${field.name} of the form ${form.name} has the type '${field.fieldType}', which is no field type of this installation.`, 'unknownFieldType'));
      if (field.lookupList && !lists.has(field.lookupList.toLowerCase())) faults.push(item(`/forms/${i}/fields/${j}/lookupList`, `The field ${field.name} of the form ${form.name} offers the lookup list ${field.lookupList}, which the document does not hold.`, 'MissingReference'));
    });
    faults.push(...duplicateFaults(form.fields, (f) => f.storedName, `/forms/${i}/fields`, 'field'));
    faults.push(...duplicateFaults(form.actions ?? [], (a) => a.name, `/forms/${i}/actions`, 'action'));
    if (form.screen) {
      for (const fault of screenDocumentFaults(form.screen).slice(0, 5)) faults.push(item(`/forms/${i}/screen${fault.pointer}`, `The screen of the form ${form.name}: ${fault.message}`, 'ScreenDocument'));
    }
  });
  doc.pages.forEach((page, i) => {
    if (!forms.has(page.form.toLowerCase())) faults.push(item(`/pages/${i}/form`, `The page ${page.route} shows the form ${page.form}, which the document does not hold.`, 'MissingReference'));
    page.fields.forEach((field, j) => faults.push(...pageFieldFaults(field, `/pages/${i}/fields/${j}`, `The field ${field.name} of the page ${page.route}`)));
  });
  faults.push(...duplicateFaults(doc.forms, (f) => f.name, '/forms', 'form'));
  faults.push(...duplicateFaults(doc.lookupLists, (l) => l.systemName, '/lookupLists', 'lookup list'));
  faults.push(...duplicateFaults(doc.pages, (p) => p.route, '/pages', 'page'));
  faults.push(...duplicateFaults(doc.menuItems, (m) => m.path.join(' › '), '/menuItems', 'menu item'));
  faults.push(...duplicateFaults(doc.roles, (r) => r.name, '/roles', 'role'));
  faults.push(...duplicateKeyFaults(doc));
  return faults;
}

/**
 * The document checked against metadata/transfer.schema.json (defaults filled in) and the checks beyond it; a fault
 * is a 400 in the app's error shape, each item naming the JSON pointer of what is wrong.
 */
export function checkedDocument(input: unknown): TransferDocument {
  const doc: unknown = structuredClone(input);
  if (!validate(doc)) {
    const faults = (validate.errors ?? []).slice(0, 20).map((e) => item(e.instancePath, `${e.instancePath || 'The document'} ${e.message ?? 'is not valid'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}.`, 'TransferSchema'));
    throw new HttpError(400, faults);
  }
  const faults = crossFaults(doc as unknown as TransferDocument);
  if (faults.length) throw new HttpError(400, faults);
  return doc as unknown as TransferDocument;
}
