import type { Knex } from 'knex';
import type { RecordWriter } from '../../types.ts';

/**
 * The audit trail of the generic CRUD: one entry per create, update (when something changed), deactivate and
 * delete, written in the write's transaction (a refused write leaves none). Only readable properties are
 * audited (never a password hash or another writeOnly property), without the stamps the entry itself carries
 * (who and when) and the record's id and owner; a related value (from hooks) only when it is simple: a scalar
 * or a list of scalars (a user's Role ids), not a list of objects (a role's Permissions).
 */

export type AuditAction = 'create' | 'update' | 'deactivate' | 'delete';
/** An import's own entries (entity 'imports', the job's id): one for the import, one for its undo (server/modules/imports). */
export type ImportAuditAction = 'import' | 'undo import';
/** One field's change. FieldId: a built field's id, by which History names and hides it after a rename. */
export interface AuditChange { Field: string; Old: unknown; New: unknown; FieldId?: number }
type Row = Record<string, unknown>;

/** Columns every record carries about its own writes: the entry already says who and when. */
const stamps = new Set(['CreatedBy', 'CreatedDate', 'CreatedById', 'ModifiedBy', 'ModifiedDate', 'DeactivatedBy', 'DeactivatedDate']);

const isScalar = (v: unknown) => v === null || v === undefined || v instanceof Date || ['string', 'number', 'boolean'].includes(typeof v);

/** Whether a value may be stored in an entry: a scalar, or a list of scalars. */
export function isSimpleValue(value: unknown): boolean {
  return isScalar(value) || (Array.isArray(value) && value.every((v) => isScalar(v) && !(v instanceof Date)));
}

/** A value as stored in the entry: dates as ISO text, nothing as null. */
function stored(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Equal as the user would see them: dates by value (a Date and its ISO text are one date), lists by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  const x = stored(a);
  const y = stored(b);
  if (x === y) return true;
  if (typeof x === 'string' && typeof y === 'string') {
    const dx = Date.parse(x);
    const dy = Date.parse(y);
    return /^\d{4}-\d\d-\d\dT/.test(x) && /^\d{4}-\d\d-\d\dT/.test(y) && !Number.isNaN(dx) && dx === dy;
  }
  if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return false;
  return JSON.stringify(x) === JSON.stringify(y);
}

/**
 * The fields that changed between two versions of a record, among `fields` (stamps, the id and values that are
 * not simple left out). A create has no `before` (every field written, Old null); a delete no `after` (New null).
 */
export function changedFields(fields: string[], before: Row | null, after: Row | null, skip: string[] = [], fieldIds: ReadonlyMap<string, number> = new Map()): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (stamps.has(field) || skip.includes(field)) continue;
    const old = before ? before[field] : null;
    const now = after ? after[field] : null;
    if (!isSimpleValue(old) || !isSimpleValue(now)) continue;
    if (sameValue(old, now)) continue;
    const fieldId = fieldIds.get(field);
    changes.push({ Field: field, Old: stored(old), New: stored(now), ...(fieldId !== undefined ? { FieldId: fieldId } : {}) });
  }
  return changes;
}

/** Writes one entry (in the caller's transaction). */
export async function writeAuditEntry(trx: Knex, entry: { entity: string; recordId: number; action: AuditAction | ImportAuditAction; principal: RecordWriter | undefined; changes: AuditChange[] }): Promise<void> {
  await trx('audit_entries').insert({
    Entity: entry.entity,
    RecordId: entry.recordId,
    Action: entry.action,
    ChangedById: entry.principal?.UserId ?? null,
    ChangedBy: entry.principal?.UserName ?? null,
    Changes: JSON.stringify(entry.changes),
  });
}

export interface HistoryEntry { AuditId: number; Action: AuditAction; ChangedBy: string | null; ChangedAt: Date; Changes: AuditChange[] }

/**
 * A record's entries, newest first, without the changes to fields the user may not see. A built field's change is
 * named by the field's current name (it carries the field's id) and hidden by it, so neither a rename nor a
 * deactivation shows what the field's node hides. An update whose only changes were to such fields is left out
 * entirely (it would tell the user only that something hidden changed); a create, deactivate or delete is kept with
 * what the user may see.
 */
export async function recordHistory(db: Knex, entity: string, recordId: number, denied: string[]): Promise<HistoryEntry[]> {
  const rows: Array<HistoryEntry & { Changes: AuditChange[] | string }> = await db('audit_entries')
    .where({ Entity: entity, RecordId: recordId })
    .orderBy('AuditId', 'desc')
    .select('AuditId', 'Action', 'ChangedBy', 'ChangedAt', 'Changes');
  const parsed = rows.map((row) => ({ ...row, all: (typeof row.Changes === 'string' ? JSON.parse(row.Changes) : row.Changes) as AuditChange[] }));
  const names = await currentFieldNames(db, parsed.flatMap((r) => r.all.flatMap((c) => (c.FieldId === undefined ? [] : [c.FieldId]))));
  const hidden = new Set(denied);
  const entries: HistoryEntry[] = [];
  for (const { all, ...row } of parsed) {
    const Changes = all.map(({ FieldId, ...change }) => ({ ...change, Field: (FieldId !== undefined && names.get(FieldId)) || change.Field }))
      .filter((c) => !hidden.has(c.Field));
    if (row.Action === 'update' && all.length && !Changes.length) continue;
    entries.push({ ...row, Changes });
  }
  return entries;
}

/** The current names of built fields by id (a field deleted since is absent: its change keeps the name it was written with). */
async function currentFieldNames(db: Knex, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows: Array<{ FormFieldId: number; StoredName: string }> = await db('form_fields').whereIn('FormFieldId', [...new Set(ids)]).select('FormFieldId', 'StoredName');
  return new Map(rows.map((r) => [r.FormFieldId, r.StoredName]));
}

const changeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Field', 'Old', 'New'],
  properties: {
    Field: { type: 'string', description: "The entity's property name; the form shows its title." },
    Old: { description: 'The value before (null for a create): text, a number, true/false, an ISO date-time or a list of ids.' },
    New: { description: 'The value after (null for a delete).' },
  },
} as const;

/** The response schema of GET {api}/:id/history. */
export const historySchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['AuditId', 'Action', 'ChangedBy', 'ChangedAt', 'Changes'],
    properties: {
      AuditId: { type: 'integer' },
      Action: { type: 'string', enum: ['create', 'update', 'deactivate', 'delete'] },
      ChangedBy: { type: ['string', 'null'], description: 'The user name of who made the change, as it was then.' },
      ChangedAt: { type: 'string', format: 'date-time' },
      Changes: { type: 'array', items: changeSchema },
    },
  },
} as const;
