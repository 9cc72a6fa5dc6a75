import type { StoredForm } from './types.ts';
import { toPascalCase, toSnakeCase } from '../naming.ts';

/** How a built form and its fields are named: identifiers, reserved names, routes (split out of compose-form.ts). */
/**
 * Columns every record of a built form has, managed by the generic CRUD: names no field may take.
 * IsActive is one of them (the record's own active state: the list's inactive toggle and the
 * Deactivate button use it), and so is Udf, the JSONB column that holds the record's UDF values.
 */
export const RESERVED_FIELD_NAMES: readonly string[] = [
  'RecordId', 'IsActive', 'CreatedBy', 'CreatedDate', 'ModifiedBy', 'ModifiedDate', 'DeactivatedBy', 'DeactivatedDate', 'Udf',
];

/** The longest identifier PostgreSQL keeps whole (63 bytes; identifiers are ASCII). */
export const MAX_IDENTIFIER_LENGTH = 63;

/**
 * Keywords the composed entity adds to each field's property (ajv ignores them; strict is off):
 * - `x-udf: true` marks a user-defined field. UDFs are top-level properties like any other field, so
 *   the renderer, list columns, sorting, search, field permissions and error PropertyNames address
 *   them by name unchanged; the server stores the marked ones as keys of the record's `Udf` JSONB
 *   column (not as columns of their own) and the others as columns.
 * - `x-columnType`: the PostgreSQL type of the value (of the column, or of the jsonb key's expression index).
 * - `x-fieldType` and `x-formFieldId`: the catalogue type and the stored field the property comes from.
 */
export const UDF_KEYWORD = 'x-udf';

function words(name: string): string[] | null {
  if (/[^\x20-\x7e]/.test(name)) return null;
  return name.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

/** Why a field name is not a valid identifier after normalising, or null when it is. */
export function identifierFault(name: string): string | null {
  const parts = words(name);
  if (parts === null) return `'${name}' may use only the letters A-Z, digits and separators such as spaces.`;
  const identifier = joinedWords(parts);
  if (!identifier) return `'${name}' has no letters or digits to make a field name of.`;
  if (/^\d/.test(identifier)) return `'${name}' cannot start with a digit.`;
  if (identifier.length > MAX_IDENTIFIER_LENGTH) return `'${name}' is too long for a field name (at most ${MAX_IDENTIFIER_LENGTH} letters and digits).`;
  const reserved = RESERVED_FIELD_NAMES.find((r) => r.toLowerCase() === identifier.toLowerCase());
  if (reserved) return `'${name}' is reserved: every record has a field ${reserved}.`;
  return null;
}

/**
 * A field's name as an identifier: the words of the name (runs of letters and digits), each with
 * its first letter capitalised, joined ('incident date' -> 'IncidentDate', 'first_name' -> 'FirstName').
 * Null when the result is not a valid identifier (see identifierFault).
 */
export function fieldIdentifier(name: string): string | null {
  if (identifierFault(name) !== null) return null;
  return joinedWords(words(name) ?? []);
}

/**
 * The words joined, each capitalised, in the form that survives the database's snake_case round trip
 * (a property is a column: 'URL link' -> 'UrlLink', since 'URLLink' would come back as 'UrlLink').
 */
function joinedWords(parts: string[]): string {
  const joined = parts.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return joined && toPascalCase(toSnakeCase(joined));
}

/** Where a built form lives: its screen id, module, entity name, API and routes, all derived from its id and name. */
export interface FormNaming {
  slug: string;
  screenId: string;
  module: string;
  entity: string;
  api: string;
  routes: { list: string; create: string; update: string; delete: string };
}

/** A name as a route segment: 'Incident Report' -> 'incident-report' (accents dropped); '' when nothing is left. */
export function slugOf(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/**
 * The naming of a built form: routes from its name ('Incident Report' -> /incident-report,
 * /incident-report/create, /incident-report/update/:id, /incident-report/delete/:id; a name with no
 * letters or digits -> /form-<FormId>), and from its id the screen 'form-<FormId>', the module and
 * entity 'Form<FormId>' (stable across renames: grants and stored records do not follow the name)
 * and the API /api/forms/<FormId>/records.
 */
export function formNaming(form: Pick<StoredForm, 'FormId' | 'Name'>): FormNaming {
  const slug = slugOf(form.Name) || `form-${form.FormId}`;
  const base = `/${slug}`;
  return {
    slug,
    screenId: `form-${form.FormId}`,
    module: `Form${form.FormId}`,
    entity: `Form${form.FormId}`,
    api: `/api/forms/${form.FormId}/records`,
    routes: { list: base, create: `${base}/create`, update: `${base}/update/:id`, delete: `${base}/delete/:id` },
  };
}

