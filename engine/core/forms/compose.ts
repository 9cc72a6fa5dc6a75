import type { RulesOutcome } from '../rules/types.ts';
import type { FormDefinition, FormMode, JsonSchema, UiSchema } from './types.ts';

/** The fields a mode shows, in order: read and delete show the update fields. */
export function fieldsFor(form: FormDefinition, mode: FormMode): string[] {
  return mode === 'create' ? form.fields.create ?? form.fields.update : form.fields.update;
}

type Flags = Pick<RulesOutcome, 'required' | 'optional' | 'hidden' | 'disabled'>;

const noFlags: Flags = { required: new Set(), optional: new Set(), hidden: new Set(), disabled: new Set() };

/**
 * The JSON Schema of one mode of a form: the entity's properties for the mode's fields, in order, and
 * the entity's required list with the rules' require/optional applied. Read-only properties are left
 * out when creating (the server makes them). The same function gives the server its body schema, so
 * the browser and the server check the same rules.
 */
export function composeFormSchema(entity: JsonSchema, fields: string[], mode: FormMode, flags: Flags = noFlags): JsonSchema {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const field of fields) {
    const property = entity.properties?.[field];
    if (!property) throw new Error(`${entity.title ?? 'entity'} has no property ${field}`);
    if (mode === 'create' && property.readOnly) continue;
    properties[field] = property;
  }
  const required = fields.filter((f) => f in properties && !flags.optional.has(f) && !flags.hidden.has(f)
    && ((entity.required ?? []).includes(f) || flags.required.has(f)));
  // additionalProperties is left off: a form is about its own fields, and records carry more (ids, audit
  // dates). The server picks the writable fields out of a body before it checks them.
  const { properties: _p, required: _r, $id: _id, additionalProperties: _a, ...rest } = entity;
  return { ...rest, type: 'object', properties, required };
}

/**
 * The uiSchema of one mode: the screen's per-field uiSchema, the field order, and the rules' hidden and
 * disabled fields. Read and delete modes, and records shown read-only, make every field read-only.
 */
export function composeUiSchema(form: FormDefinition, fields: string[], readOnly: boolean, flags: Flags = noFlags): UiSchema {
  const ui: UiSchema = { 'ui:order': [...fields, '*'] };
  const base = (form.uiSchema ?? {}) as Record<string, Record<string, unknown>>;
  for (const field of fields) {
    const entry: Record<string, unknown> = { ...(base[field] ?? {}) };
    if (flags.hidden.has(field)) entry['ui:widget'] = 'hidden';
    if (flags.disabled.has(field)) entry['ui:disabled'] = true;
    if (readOnly) entry['ui:readonly'] = true;
    ui[field] = entry;
  }
  return ui;
}

/** Whether the record is to be shown read-only, e.g. a master user (spec 1 section 6). */
export function isReadOnlyRecord(form: FormDefinition, record: Record<string, unknown> | null | undefined): boolean {
  return Boolean(form.readOnlyWhen && record && record[form.readOnlyWhen.field] === form.readOnlyWhen.equals);
}

/**
 * The fields the screen's lockWhen keeps from being changed on this record (an admin role's name, description
 * and active state), and the messages saying so; none while creating (no record).
 */
export function lockedFields(form: FormDefinition, record: Record<string, unknown> | null | undefined): { fields: Set<string>; messages: string[] } {
  const holding = record ? (form.lockWhen ?? []).filter((lock) => record[lock.field] === lock.equals) : [];
  return { fields: new Set(holding.flatMap((lock) => lock.fields)), messages: holding.flatMap((lock) => (lock.message ? [lock.message] : [])) };
}

/** What a copy of the record starts with (the screen's `copy`): its create fields, renameField with the suffix added. */
export function copyOfRecord(form: FormDefinition, record: Record<string, unknown>): Record<string, unknown> {
  const fields = form.fields.create ?? form.fields.update;
  const values = Object.fromEntries(fields.filter((f) => record[f] !== undefined).map((f) => [f, structuredClone(record[f])]));
  const rename = form.copy?.renameField;
  if (rename && typeof values[rename] === 'string' && values[rename]) values[rename] = `${values[rename] as string}${form.copy?.suffix ?? ' (copy)'}`;
  return values;
}

/**
 * What a new record's create form starts with in the browser: each create field's `ui:options.createValue` (the user
 * form's First Sign-In choice). The API applies no such default: a call without the field is a call without it.
 */
export function createValuesOf(form: FormDefinition): Record<string, unknown> {
  const uiSchema = (form.uiSchema ?? {}) as Record<string, { 'ui:options'?: { createValue?: unknown } } | undefined>;
  return Object.fromEntries((form.fields.create ?? form.fields.update).flatMap((field) => {
    const value = uiSchema[field]?.['ui:options']?.createValue;
    return value === undefined ? [] : [[field, value]];
  }));
}

/**
 * A stored record as its update form starts: each update field's `ui:options.startsAs` (another field's name) takes that
 * field's stored value when the record has none of its own. A confirmation the server does not keep (the user's Confirm
 * Email Address) so starts equal to what it confirms, and a change of that address has to be typed in both.
 */
export function updateValuesOf(form: FormDefinition, record: Record<string, unknown>): Record<string, unknown> {
  const uiSchema = (form.uiSchema ?? {}) as Record<string, { 'ui:options'?: { startsAs?: unknown } } | undefined>;
  let out = record;
  for (const field of form.fields.update) {
    const from = uiSchema[field]?.['ui:options']?.startsAs;
    if (typeof from === 'string' && (record[field] === undefined || record[field] === null) && record[from] !== undefined) out = { ...out, [field]: record[from] };
  }
  return out;
}

/**
 * What a create form starts with from its route's query (the screen's `queryDefaults`, field to parameter): each value
 * read as its field's type (an integer field takes only an integer), so a page field added from its page has that page.
 */
export function queryDefaultsOf(form: FormDefinition, entity: JsonSchema, search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, parameter] of Object.entries(form.queryDefaults ?? {})) {
    const text = search.get(parameter);
    if (text === null || text === '') continue;
    const type = [(entity.properties?.[field] as JsonSchema | undefined)?.type].flat();
    if (type.includes('integer') || type.includes('number')) {
      const value = Number(text);
      if (Number.isFinite(value) && (type.includes('number') || Number.isInteger(value))) out[field] = value;
    } else if (type.includes('boolean')) {
      if (text === 'true' || text === 'false') out[field] = text === 'true';
    } else {
      out[field] = text;
    }
  }
  return out;
}
