import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { SimpleLookupItem } from '../../../engine/core/lowcode/api.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { HttpError } from '../../lib/http-error.ts';
import { changedFields, writeAuditEntry, type AuditAction } from '../../lib/crud/audit.ts';
import { withRowRule } from '../../lib/crud/record-access.ts';
import type { Principal } from '../../types.ts';

/** The column naming a list's owner: its items' row rule is the list's (one without 'View All Records' reaches their own lists). */
export const listOwnerField = 'CreatedById';

/** The audit's entity name for items: the screen's id, as registerCrud names its records'. */
export const itemAuditEntity = 'simplelookups';
export const duplicateItemName = 'A record with the name {value} already exists.';
export const listGoneMessage = 'This list no longer exists.';
export const itemGoneMessage = 'This lookup item no longer exists.';
export const notEditableMessage = (list: string) => `The items of the list ${list} cannot be changed.`;

export interface LookupList { SimpleLookupTableId: number; DisplayName: string; IsEditable: boolean }

/** An item's columns under the wire names of the contract (SimpleLookupItem). */
export const itemColumns = {
  Id: 'SimpleLookupItemId', TableId: 'TableId', Name: 'Name', Description: 'Description', SortOrder: 'SortOrder', IsActive: 'IsActive',
} as const;

export const itemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'TableId', 'Name', 'Description', 'SortOrder', 'IsActive'],
  properties: {
    Id: { type: 'integer' }, TableId: { type: 'integer' }, Name: { type: 'string' }, Description: { type: ['string', 'null'] },
    SortOrder: { type: 'integer' }, IsActive: { type: 'boolean' },
  },
} as const;

/** A route's id must be a real one (spec 2 section 5): 0 or less is 'No id was provided.' (400). */
export function requirePositive(value: number, property: string): void {
  if (!(value > 0)) throw HttpError.of(400, defaultMessages.noId, property, 'NoId');
}

/**
 * The list, or 404 (also for a list the row rule hides from `principal`: its items are then as unreachable as it).
 * With `forWrite` its row is locked, so writes to one list's items (orders, names) queue.
 */
export async function listOf(db: Knex, tableId: number, forWrite = false, principal?: Principal): Promise<LookupList> {
  requirePositive(tableId, 'TableId');
  const q = withRowRule(db('simple_lookup_tables').where('SimpleLookupTableId', tableId), listOwnerField, principal).first('SimpleLookupTableId', 'DisplayName', 'IsEditable');
  const list = (await (forWrite ? q.forUpdate() : q)) as LookupList | undefined;
  if (!list) throw HttpError.of(404, listGoneMessage, 'TableId', 'NotFound');
  return list;
}

/** A list whose IsEditable is off keeps its items as they are (403). */
export function requireEditable(list: LookupList): void {
  if (!list.IsEditable) throw HttpError.of(403, notEditableMessage(list.DisplayName), 'TableId', 'ReadOnlyList');
}

/** The list's items in their order (SortOrder, then the order they were added). */
export function itemsOf(db: Knex, tableId: number): Promise<SimpleLookupItem[]> {
  return db('simple_lookup_items').where('TableId', tableId).orderBy([{ column: 'SortOrder' }, { column: 'SimpleLookupItemId' }]).select(itemColumns);
}

/** One item of the list, or 404 (an item of another list is none of this one's). */
export async function itemOf(db: Knex, tableId: number, id: number): Promise<SimpleLookupItem> {
  requirePositive(id, 'Id');
  const item = await db('simple_lookup_items').where({ TableId: tableId, SimpleLookupItemId: id }).first(itemColumns);
  if (!item) throw HttpError.of(404, itemGoneMessage, 'Id', 'NotFound');
  return item as SimpleLookupItem;
}

/** Names are unique within a list, case ignored (the database's index guards the same). */
export async function checkUniqueName(db: Knex, tableId: number, name: string, exceptId?: number): Promise<void> {
  const q = db('simple_lookup_items').where('TableId', tableId).whereRaw('lower(??) = lower(?)', ['Name', name]).first('SimpleLookupItemId');
  if (exceptId) q.whereNot('SimpleLookupItemId', exceptId);
  if (await q) throw HttpError.of(409, duplicateItemName.replaceAll('{value}', name), 'Name', 'Unique');
}

const audited = ['TableId', 'Name', 'Description', 'SortOrder', 'IsActive'];

/** One audit entry for an item's write, in its transaction; an update that changed nothing writes none. */
export async function auditItem(trx: Knex, request: FastifyRequest, action: AuditAction, id: number, before: SimpleLookupItem | null, after: SimpleLookupItem | null): Promise<void> {
  const changes = changedFields(audited, before as Record<string, unknown> | null, after as Record<string, unknown> | null);
  if (action === 'update' && !changes.length) return;
  await writeAuditEntry(trx, { entity: itemAuditEntity, recordId: id, action, principal: request.principal, changes });
}

/**
 * Why an order is refused, or null when it names each of the list's items exactly once (spec 2 "Form-list
 * management": a reorder is the whole list's order).
 */
export function orderFault(itemIds: number[], current: number[]): string | null {
  const known = new Set(current);
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const id of itemIds) (seen.has(id) ? repeated : seen).add(id);
  const missing = current.filter((id) => !seen.has(id));
  const foreign = [...seen].filter((id) => !known.has(id));
  if (!missing.length && !foreign.length && !repeated.size) return null;
  const details = [
    missing.length ? `missing ${missing.join(', ')}` : '',
    foreign.length ? `not in the list ${foreign.join(', ')}` : '',
    repeated.size ? `repeated ${[...repeated].join(', ')}` : '',
  ].filter(Boolean).join('; ');
  return `The new order must name each of the list's ${current.length} item${current.length === 1 ? '' : 's'} exactly once (${details}). Reload the list and try again.`;
}
