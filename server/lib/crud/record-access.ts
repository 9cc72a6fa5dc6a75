import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { ListDefinition, ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { RecordWriter } from '../../types.ts';
import { heldModuleNames } from '../../modules/access/effective-access.ts';
import { defaultCircleId } from '../../db/migrations/127_circles.ts';

/**
 * The row rule and the field mask of one request (Principal.Access, read with the session): the same two
 * govern every path to a record (list, count, search, sort, export, read, write), so no path shows what another hides.
 */

/** Who a record handler acts as: a public form's visitor when one is set (only its create), else the signed-in user. */
export const writerOf = (request: FastifyRequest): RecordWriter | undefined => request.visitor ?? request.principal;

export const fieldAccessMessage = "You don't have permission to change this field.";

/** True when the user reaches only their own records of the route's module (no 'View All Records'). */
export function ownRecordsOnly(principal: RecordWriter | undefined): boolean {
  return Boolean(principal?.Access && !principal.Access.viewAllRecords);
}

/**
 * Narrows a query to the rows the user may reach: without 'View All Records', their own, and where the records belong
 * to circles (circleField: a circleable form's, the users'), those of every circle the user is a member of but the
 * Default one, which holds what is in no circle yet (everyone is in it: it shares nothing). The circles are a
 * semi-join on the user's id (view circle_members): no list of ids in the statement, no cap on how many.
 */
export function withRowRule(query: Knex.QueryBuilder, ownerField: string | undefined, principal: RecordWriter | undefined, circleField?: string): Knex.QueryBuilder {
  if (!ownerField || !ownRecordsOnly(principal)) return query;
  const me = principal!.UserId;
  // A visitor owns nothing and is a member of no circle: no record is theirs to reach.
  if (me === null) return query.whereRaw('false');
  if (!circleField) return query.where(ownerField, me);
  return query.where((rule) => rule.where(ownerField, me)
    .orWhereIn(circleField, (members) => members.from('circle_members').where('UserId', me).whereNot('AtomicCircleId', defaultCircleId).select('AtomicCircleId')));
}

/** Where a child record's row rule comes from: its parent's row (a form's field, a list's item, a page's field). */
export interface ParentRowRule {
  /** The child's column naming its parent (e.g. FormId). */
  key: string;
  table: string;
  idField: string;
  ownerField: string;
  /** The refusal of a write naming a parent the user may not reach: the one for a parent that does not exist. */
  gone?: () => Error;
}

/**
 * Narrows a query on child records to those whose parent the user may reach: a child of a record one may not read
 * is itself unreadable and unwritable, and answers as one that does not exist.
 */
export function withParentRowRule(query: Knex.QueryBuilder, parent: ParentRowRule, principal: RecordWriter | undefined): Knex.QueryBuilder {
  if (principal?.UserId === null) return query.whereRaw('false');
  if (ownRecordsOnly(principal)) query.whereIn(parent.key, (owned) => owned.from(parent.table).where(parent.ownerField, principal!.UserId).select(parent.idField));
  return query;
}

/** Whether the user may reach the parent record by this id (it exists and the row rule lets them). */
export async function parentReachable(db: Knex, parent: ParentRowRule, id: unknown, principal: RecordWriter | undefined): Promise<boolean> {
  if (typeof id !== 'number') return false;
  return Boolean(await withRowRule(db(parent.table).where(parent.idField, id), parent.ownerField, principal).first(parent.idField));
}

/** A write naming a parent (values[parent.key]) the user may not reach is refused as one naming none that exists. */
export async function requireReachableParent(db: Knex, parent: ParentRowRule | undefined, values: Record<string, unknown>, principal: RecordWriter | undefined): Promise<void> {
  if (parent?.gone && parent.key in values && !(await parentReachable(db, parent, values[parent.key], principal))) throw parent.gone();
}

export function deniedFieldsOf(principal: RecordWriter | undefined): string[] {
  return principal?.Access?.deniedFields ?? [];
}

/**
 * The fields a form gates behind a further module (form.fieldModules: a user's Role and Permissions need module
 * Role) that the user does not hold: so whoever may create users cannot hand out more access than they manage.
 */
export async function moduleGatedFields(db: Knex, principal: RecordWriter | undefined, fieldModules: Record<string, string> | undefined): Promise<string[]> {
  const gated = Object.entries(fieldModules ?? {});
  if (!gated.length || !principal || principal.IsMaster) return [];
  // A visitor holds no module.
  const held = principal.UserId === null ? new Set<string>() : await heldModuleNames(db, principal);
  return gated.filter(([, module]) => !held.has(module)).map(([field]) => field);
}

/** A record without the fields the user may not see. */
export function maskRecord<T extends Record<string, unknown>>(row: T, denied: string[]): T {
  if (!denied.length || !row) return row;
  const masked = { ...row };
  for (const field of denied) delete masked[field];
  return masked;
}

/** A field error for each field the user may not see that a write carries. */
export function deniedFieldErrors(body: unknown, denied: string[]): ErrorItem[] {
  if (!denied.length || !body || typeof body !== 'object') return [];
  return denied.filter((field) => field in (body as object))
    .map((field) => ({ PropertyName: field, ErrorMessage: fieldAccessMessage, ErrorCode: 'FieldAccess' }));
}

const trimmedLists = new WeakMap<ListDefinition, Map<string, ListDefinition>>();

/**
 * The list as this user may use it: without the columns of fields they may not see, so those are neither shown,
 * exported, searched nor sortable (a sort or column asked for by name is refused as unknown).
 */
export function listForUser(list: ListDefinition, denied: string[]): ListDefinition {
  if (!denied.length) return list;
  const key = denied.join(',');
  let byKey = trimmedLists.get(list);
  if (!byKey) trimmedLists.set(list, (byKey = new Map()));
  let trimmed = byKey.get(key);
  if (!trimmed) {
    const hidden = new Set(denied);
    // A list keeps at least one column (the meta-schema's rule): the row's actions when every data column is hidden.
    const columns = list.columns.filter((c) => !hidden.has(c.field)) as ListDefinition['columns'];
    trimmed = { ...list, columns, defaultSort: list.defaultSort?.filter((s) => !hidden.has(s.field)) };
    if (byKey.size < 100) byKey.set(key, trimmed);
  }
  return trimmed;
}

/**
 * The screen document as this user may use it: its list and forms without the fields they may not see, nothing
 * about those fields left in its uiSchema or rules (a rule naming one is left out whole), and the fields they may see
 * but not change drawn read-only with the reason. `readOnly` maps each such field to the help shown beside it.
 */
export function screenForUser(screen: ScreenDocument, denied: string[], readOnly: ReadonlyMap<string, string> = new Map()): ScreenDocument {
  if (!denied.length && !readOnly.size) return screen;
  const hidden = new Set(denied);
  type Form = NonNullable<ScreenDocument['form']>;
  const keep = <T extends string[] | undefined>(fields: T) => fields?.filter((f) => !hidden.has(f)) as T;
  const form: Form | undefined = screen.form && {
    ...screen.form,
    fields: { ...screen.form.fields, create: keep(screen.form.fields.create), update: keep(screen.form.fields.update) } as Form['fields'],
    ...(screen.form.uiSchema || readOnly.size ? { uiSchema: uiSchemaForUser(screen.form.uiSchema ?? {}, hidden, readOnly) } : {}),
    ...(screen.form.rules ? { rules: screen.form.rules.filter((rule) => !mentionsAny(rule, hidden)) } : {}),
  };
  if (form && !form.fields.create) delete form.fields.create;
  return { ...screen, ...(screen.list ? { list: listForUser(screen.list, denied) } : {}), ...(form ? { form } : {}) };
}

function uiSchemaForUser(uiSchema: Record<string, unknown>, hidden: Set<string>, readOnly: ReadonlyMap<string, string>): Record<string, unknown> {
  const out = Object.fromEntries(Object.entries(uiSchema).filter(([field]) => !hidden.has(field)));
  for (const [field, help] of readOnly) {
    if (hidden.has(field)) continue;
    const entry = (out[field] ?? {}) as Record<string, unknown>;
    out[field] = { ...entry, 'ui:readonly': true, 'ui:help': entry['ui:help'] ?? help };
  }
  return out;
}

/** The entity schema as this user may see it: no property, required entry or dependency of a field they may not see. */
export function entityForUser<T extends { properties?: Record<string, unknown>; required?: string[] }>(entity: T, denied: string[]): T {
  if (!denied.length || !entity.properties) return entity;
  const hidden = new Set(denied);
  const properties = Object.fromEntries(Object.entries(entity.properties).filter(([name]) => !hidden.has(name)));
  return { ...entity, properties, ...(entity.required ? { required: entity.required.filter((name) => !hidden.has(name)) } : {}) };
}

/** Whether a rule names one of the fields: a condition's field, an effect's list, a copy's end, a value it sets. */
function mentionsAny(node: unknown, fields: ReadonlySet<string>): boolean {
  if (typeof node === 'string') return fields.has(node) || fields.has(node.split('.')[0]);
  if (Array.isArray(node)) return node.some((n) => mentionsAny(n, fields));
  if (!node || typeof node !== 'object') return false;
  return Object.entries(node).some(([key, value]) => {
    if (key === 'equals' || key === 'notEquals' || key === 'in') return false; // values compared, not fields
    if (key === 'set') return Object.keys(value as object).some((k) => fields.has(k));
    return mentionsAny(value, fields);
  });
}
