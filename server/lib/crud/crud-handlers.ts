import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { UDF_KEYWORD } from '../../../engine/core/lowcode/compose-form.ts';
import { udfKeyOf } from '../list/udf-columns.ts';
import { HttpError } from '../http-error.ts';
import { bodyValidator, type CheckedBody } from './body-validator.ts';
import { checkedBody, checkFieldFiles, readableRecord } from './form-body.ts';
import { deniedFieldErrors, deniedFieldsOf, maskRecord, moduleGatedFields, requireReachableParent, withParentRowRule, withRowRule, writerOf } from './record-access.ts';
import { changedFields, isSimpleValue, recordHistory, sameValue, writeAuditEntry, type AuditAction } from './audit.ts';
import { holdsActiveState, readOnlyChangeErrors, readOnlyFieldsOf } from './read-only-fields.ts';
import type { CrudAction, CrudHandlers, CrudOptions, IdRequest, Row } from './crud-types.ts';
import { lockForRead, lockHeaders, requireWriteLock, sentVersion, staleVersion, wantsLock } from './record-lock.ts';
import { noteFileReferences, type FileHolder } from '../../modules/files/references.ts';

export type { CrudAction, CrudHandlers, CrudHooks, CrudOptions, UniqueRule } from './crud-types.ts';

const noId = 'No id was provided.';

/**
 * The record handlers of a screen whose entity is one table. Writes are checked with the form's own schema
 * and rules (see body-validator.ts), stamped with who and when, audited in their transaction, and unique
 * fields are checked with the screen's messages (the database's unique index still guards against races).
 * Properties marked `x-udf` (a built form's user-defined fields) are kept in the table's Udf JSONB column, each
 * under its field's id (udfKeyOf), not its name: an update merges the values sent into it, so values of UDFs no longer shown are never lost.
 * Record locks (spec 2 "Record lock lifecycle"): the domain of a screen's records is its id; a write needs the lock,
 * held in its transaction, and the version the record was read at, so no write is lost or applied twice.
 */
export function crudHandlers(app: FastifyInstance, options: CrudOptions): CrudHandlers {
  const { screen, entity, table, unique = [], hooks = {}, ownerField, related = [], parent, circles } = options;
  const form = screen.form;
  if (!form) throw new Error(`screen ${screen.id} has no form`);
  const id = screen.idField;
  const label = form.entityLabel ?? entity.title ?? 'record';
  const { readable: properties, response } = readableRecord(entity);
  const udfFields = properties.filter((p) => (entity.properties?.[p] as Row | undefined)?.[UDF_KEYWORD] === true);
  const udfKeys = new Map(udfFields.map((p) => [p, udfKeyOf(entity.properties?.[p] as Row)]));
  const notColumns = new Set([...related, ...udfFields]);
  const columns = [...properties.filter((p) => !notColumns.has(p)), ...(udfFields.length ? ['Udf'] : []), ...(circles && !properties.includes(circles.field) ? [circles.field] : []), 'RowVersion'];
  const withoutRelated = (values: Row): Row => (notColumns.size ? Object.fromEntries(Object.entries(values).filter(([k]) => !notColumns.has(k))) : values);
  const db = () => app.db;
  const who = (request: FastifyRequest) => writerOf(request)!.UserName;
  // A related value is audited only when it is simple: a scalar or a list of scalars (a user's Role ids), not a list of grants.
  const simpleRelated = related.filter((p) => {
    const prop = entity.properties?.[p] as JsonSchema | undefined;
    const items = prop?.items as JsonSchema | undefined;
    return prop?.type !== 'object' && (prop?.type !== 'array' || (items !== undefined && items.type !== 'object' && items.type !== 'array'));
  });
  const defaults = Object.fromEntries(Object.entries(entity.properties ?? {}).map(([p, schema]) => [p, (schema as Row).default]));
  const audited = [...properties.filter((p) => p !== id && p !== ownerField && !related.includes(p)), ...simpleRelated];
  // A built field's entries carry its id: History names and hides them by the field's current name.
  const fieldIds = new Map(properties.flatMap((p) => {
    const fieldId = (entity.properties?.[p] as Row | undefined)?.['x-formFieldId'];
    return typeof fieldId === 'number' ? [[p, fieldId] as const] : [];
  }));

  /** A row as the record reads: its UDF values beside its columns (its version travels in a header). */
  function fromRow(row: Row): Row {
    const { RowVersion: _version, ...record } = row;
    if (!udfFields.length) return record;
    const { Udf: stored, ...rest } = record;
    const values = (stored ?? {}) as Row;
    for (const field of udfFields) rest[field] = values[udfKeys.get(field)!] ?? null;
    return rest;
  }

  /** The UDF values of a write as the JSONB they are stored in. */
  function udfValues(values: Row): string | null {
    const sent = udfFields.filter((f) => f in values);
    return sent.length ? JSON.stringify(Object.fromEntries(sent.map((f) => [udfKeys.get(f)!, values[f] ?? null]))) : null;
  }

  /** The record with what belongs to it beyond its row (hooks.load): read once per write, for the audit and the answer. */
  async function withRelated(from: Knex, row: Row): Promise<Row> {
    const record = fromRow(row);
    return hooks.load ? { ...record, ...(await hooks.load(from, record)) } : record;
  }

  /** The record as the audit compares it: its row, with its related values when they are simple (a user's Role ids). */
  function auditView(full: Row): Row {
    return Object.fromEntries(Object.entries(full).filter(([k, v]) => !related.includes(k) || (simpleRelated.includes(k) && isSimpleValue(v))));
  }

  /** The record before a write, as the audit compares it: its related values are read only when some are audited. */
  async function auditedBefore(row: Row): Promise<Row> {
    return simpleRelated.length ? auditView(await withRelated(db(), row)) : fromRow(row);
  }

  /** One audit entry for a write, in its transaction; an update that changed nothing writes none. */
  async function audit(trx: Knex, request: FastifyRequest, action: AuditAction, recordId: number, before: Row | null, after: Row | null): Promise<void> {
    const changes = changedFields(audited, before, after, [], fieldIds);
    if (action === 'update' && !changes.length) return;
    await writeAuditEntry(trx, { entity: screen.id, recordId, action, principal: writerOf(request), changes });
  }

  /** The record's row by id, if the user may reach it: one hidden by the row rule answers as one that does not exist. */
  async function existing(request: IdRequest): Promise<Row> {
    if (!(request.params.id > 0)) throw HttpError.of(400, noId, id, 'NoId');
    const query = db()(table).where(id, request.params.id);
    const row = await (parent ? withParentRowRule(query, parent, writerOf(request)) : withRowRule(query, ownerField, writerOf(request), circles?.field)).first(columns);
    if (!row) throw HttpError.of(404, `This ${label.toLowerCase()} no longer exists.`, null, 'NotFound');
    return row;
  }

  async function guard(request: FastifyRequest, row: Row, action: CrudAction): Promise<void> {
    const refusal = hooks.refuseChange?.(row, action);
    if (refusal) throw HttpError.of(403, refusal, null, 'ReadOnlyRecord');
    await circles?.allowChange(request, row, action);
  }

  /** What the user is shown of a record (with its related values): without the fields they may not see. */
  const answer = (request: FastifyRequest, full: Row): Row => maskRecord(full, deniedFieldsOf(writerOf(request)));

  /** The fields a write may not carry: those the user may not see, and those gated behind a module the user lacks. */
  async function unwritable(request: FastifyRequest): Promise<string[]> {
    return [...deniedFieldsOf(writerOf(request)), ...(await moduleGatedFields(db(), writerOf(request), form!.fieldModules))];
  }

  /** A write may not carry a field the user may not change (400 naming each). */
  function refuseDeniedFields(request: FastifyRequest, denied: string[]): void {
    const errors = deniedFieldErrors(request.body, denied);
    if (errors.length) throw new HttpError(400, errors);
  }

  /**
   * The fields a write may not change (the user's read-only fields, and Is Active without the right to deactivate),
   * refused with 400 when the write would change them; their stored values are kept.
   */
  async function refuseReadOnlyChanges(request: FastifyRequest, before: Row | null): Promise<string[]> {
    const readOnly = readOnlyFieldsOf(writerOf(request));
    const body = request.body as Row | null;
    const togglesActive = before !== null && body !== null && typeof body === 'object' && 'IsActive' in body && !sameValue(body.IsActive, before.IsActive);
    const fields = togglesActive && !(await holdsActiveState(db(), screen, writerOf(request))) ? [...readOnly, 'IsActive'] : readOnly;
    const errors = readOnlyChangeErrors(body, fields, before, defaults);
    if (errors.length) throw new HttpError(400, errors);
    return fields;
  }

  async function checkUnique(trx: Knex, values: Row, exceptId?: number): Promise<void> {
    const clashes = [];
    for (const rule of unique) {
      if (values[rule.field] === undefined) continue;
      const q = trx(table).first(id);
      if (rule.caseInsensitive) q.whereRaw('lower(??) = lower(?)', [rule.field, String(values[rule.field])]);
      else q.where(rule.field, values[rule.field] as string);
      if (exceptId) q.whereNot(id, exceptId);
      if (await q) clashes.push({ PropertyName: rule.field, ErrorMessage: rule.message.replaceAll('{value}', String(values[rule.field])), ErrorCode: 'Unique' });
    }
    if (clashes.length) throw new HttpError(409, clashes);
  }

  const checkFiles = (trx: Knex, checked: CheckedBody) => checkFieldFiles(app, trx, checked);
  // The files a saved record names are read through it (modules/files/references.ts).
  const fileHolder: FileHolder = { module: screen.module ?? '', table, idColumn: id, ownerColumn: ownerField };
  const noteFiles = (trx: Knex, request: FastifyRequest, recordId: number, record: Row | null) =>
    noteFileReferences(trx, writerOf(request)!, fileHolder, recordId, record);
  const checkCreate = form.fields.create ? bodyValidator(entity, form, 'create') : null;
  const checkUpdate = bodyValidator(entity, form, 'update');

  const handlers: CrudHandlers = {
    label,
    response,

    read: async (request, reply, rights) => {
      // Read access before the lock (a record one may not read answers as none, no lock headers); read again under it.
      let row = await existing(request);
      const release = wantsLock(request) ? await lockForRead(db(), request, reply, { domain: screen.id, id: request.params.id, label, rights }, app.config.recordLockSeconds, app.config.sessionIdleSeconds) : null;
      try {
        if (release) row = await existing(request);
        reply.header(lockHeaders.version, String(row.RowVersion));
        return answer(request, await withRelated(db(), row));
      } catch (error) {
        await release?.();
        throw error;
      }
    },

    history: async (request) => {
      await existing(request);
      return recordHistory(db(), screen.id, request.params.id, deniedFieldsOf(writerOf(request)));
    },

    update: async (request, reply) => {
      const before = await existing(request);
      await guard(request, before, 'update');
      const version = sentVersion(request, label);
      // Fields the user may not change keep their stored values: checked as they are, and not written.
      const denied = await unwritable(request);
      refuseDeniedFields(request, denied);
      const shown = fromRow(before);
      const kept = [...denied, ...(await refuseReadOnlyChanges(request, shown))];
      const body = kept.length ? { ...(request.body as Row), ...Object.fromEntries(kept.filter((f) => f in shown).map((f) => [f, shown[f]])) } : request.body;
      const checked = checkedBody(checkUpdate, entity, body);
      const { values } = checked;
      await requireReachableParent(db(), parent, values, writerOf(request));
      const auditBefore = await auditedBefore(before);
      return db().transaction(async (trx) => {
        await requireWriteLock(trx, request, screen.id, request.params.id);
        await checkFiles(trx, checked);
        await checkUnique(trx, values, request.params.id);
        const written = maskRecord(await (hooks.toColumns?.(values, 'update', before, trx) ?? values), kept);
        const udf = udfValues(written);
        const reactivated = written.IsActive === true && before.IsActive === false;
        const deactivated = written.IsActive === false && before.IsActive !== false;
        const stamp = {
          ModifiedBy: who(request), ModifiedDate: trx.fn.now(), RowVersion: trx.raw('?? + 1', ['RowVersion']),
          ...(deactivated ? { DeactivatedBy: who(request), DeactivatedDate: trx.fn.now() } : {}),
          ...(reactivated ? { DeactivatedBy: null, DeactivatedDate: null } : {}),
          ...(udf ? { Udf: trx.raw('?? || ?::jsonb', ['Udf', udf]) } : {}),
        };
        const [row] = await trx(table).where(id, request.params.id).where('RowVersion', version).update({ ...withoutRelated(written), ...stamp }).returning(columns);
        if (!row) throw await staleVersion(trx, table, id, request.params.id, label);
        reply.header(lockHeaders.version, String(row.RowVersion));
        await hooks.afterWrite?.(trx, row, values, 'update', request, before);
        if (deactivated) await hooks.afterDeactivate?.(trx, row);
        const full = await withRelated(trx, row);
        await noteFiles(trx, request, request.params.id, full);
        await audit(trx, request, deactivated ? 'deactivate' : 'update', request.params.id, auditBefore, auditView(full));
        return answer(request, full);
      });
    },

    deactivate: async (request, reply) => {
      const before = await existing(request);
      await guard(request, before, 'deactivate');
      const version = sentVersion(request, label);
      const auditBefore = await auditedBefore(before);
      return db().transaction(async (trx) => {
        await requireWriteLock(trx, request, screen.id, request.params.id);
        const [row] = await trx(table).where(id, request.params.id).where('RowVersion', version)
          .update({
            IsActive: false, DeactivatedBy: who(request), DeactivatedDate: trx.fn.now(), ModifiedBy: who(request), ModifiedDate: trx.fn.now(),
            RowVersion: trx.raw('?? + 1', ['RowVersion']),
          })
          .returning(columns);
        if (!row) throw await staleVersion(trx, table, id, request.params.id, label);
        reply.header(lockHeaders.version, String(row.RowVersion));
        await hooks.afterDeactivate?.(trx, row);
        const full = await withRelated(trx, row);
        await audit(trx, request, 'deactivate', request.params.id, auditBefore, auditView(full));
        return answer(request, full);
      });
    },

    remove: async (request, reply) => {
      const before = await existing(request);
      await guard(request, before, 'delete');
      const version = sentVersion(request, label);
      const auditBefore = await auditedBefore(before);
      await db().transaction(async (trx) => {
        await requireWriteLock(trx, request, screen.id, request.params.id);
        const refusal = await hooks.refuseDelete?.(trx, before);
        if (refusal) throw HttpError.of(409, refusal, null, 'InUse');
        if (!(await trx(table).where(id, request.params.id).where('RowVersion', version).delete().returning(id)).length) throw await staleVersion(trx, table, id, request.params.id, label);
        await hooks.afterDelete?.(trx, before, request);
        await noteFiles(trx, request, request.params.id, null);
        await audit(trx, request, 'delete', request.params.id, auditBefore, null);
      });
      return reply.status(204).send();
    },
  };

  if (checkCreate) {
    handlers.createRecord = async (request) => {
      refuseDeniedFields(request, await unwritable(request));
      await refuseReadOnlyChanges(request, null);
      const checked = checkedBody(checkCreate, entity, request.body);
      const { values } = checked;
      await requireReachableParent(db(), parent, values, writerOf(request));
      return db().transaction(async (trx) => {
        await checkFiles(trx, checked);
        await checkUnique(trx, values);
        const written = await (hooks.toColumns?.(values, 'create', undefined, trx) ?? values);
        const udf = udfValues(written);
        const owner = {
          ...(ownerField ? { [ownerField]: writerOf(request)!.UserId } : {}),
          // A new record belongs to its creator's owner circle, unless the write chose one (a user's owner circle).
          ...(circles && written[circles.field] === undefined ? { [circles.field]: trx.raw('(select owner_atomic_circle_id from users where user_id = ?)', [writerOf(request)!.UserId]) } : {}),
        };
        const [created] = await trx(table).insert({ ...withoutRelated(written), ...owner, ...(udf ? { Udf: udf } : {}), CreatedBy: who(request) }).returning(columns);
        await hooks.afterWrite?.(trx, created, values, 'create', request);
        const full = await withRelated(trx, created);
        await noteFiles(trx, request, created[id] as number, full);
        await audit(trx, request, 'create', created[id] as number, null, auditView(full));
        return answer(request, full);
      });
    };
    const createRecord = handlers.createRecord;
    handlers.create = async (request, reply) => reply.status(201).send(await createRecord(request));
  }
  return handlers;
}
