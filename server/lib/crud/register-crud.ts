import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { composeFormSchema, type JsonSchema } from '../../../engine/core/forms/index.ts';
import { HttpError } from '../http-error.ts';
import { bodyValidator, type CheckedBody } from './body-validator.ts';
import { checkedBody, checkFieldFiles, documentedBody, readableRecord, requireFileChecker, screenAccess } from './form-body.ts';
import { deniedFieldErrors, deniedFieldsOf, maskRecord, moduleGatedFields, withRowRule } from './record-access.ts';
import { changedFields, historySchema, isSimpleValue, recordHistory, writeAuditEntry, type AuditAction } from './audit.ts';
import { routeNodeName, type GuardedRouteKind } from '../../modules/access/permission-nodes.ts';

export interface UniqueRule {
  field: string;
  /**
   * The message, e.g. the spec's 'An account with this User Name already exists in the system!'; `{value}`
   * in it is replaced by the value sent ('A record with the name {value} already exists.').
   */
  message: string;
  caseInsensitive?: boolean;
}

export type CrudAction = 'update' | 'deactivate' | 'delete';
type Row = Record<string, unknown>;

export interface CrudHooks {
  /** Refuses this change to the record (e.g. to a master user), with the message to show. */
  refuseChange?(existing: Row, action: CrudAction): string | null;
  /** Turns validated form values into columns (e.g. a password into its hash); values that are no column are left out here. */
  toColumns?(values: Row, mode: 'create' | 'update', existing?: Row): Promise<Row> | Row;
  /**
   * Writes what belongs to the record beyond its row (a user's roles), in the save's transaction; may refuse with
   * an HttpError. `existing` is the row as it was before an update.
   */
  afterWrite?(trx: Knex, saved: Row, values: Row, mode: 'create' | 'update', request: FastifyRequest, existing?: Row): Promise<void>;
  /** Adds what belongs to the record beyond its row to the answer of a read or a save. */
  load?(db: Knex, row: Row): Promise<Row>;
  /** Runs in the transaction that deactivates the record (or saves it inactive), e.g. ending a user's sessions. */
  afterDeactivate?(trx: Knex, saved: Row): Promise<void>;
}

export interface CrudOptions {
  screen: ScreenDocument;
  entity: JsonSchema;
  table: string;
  unique?: UniqueRule[];
  hooks?: CrudHooks;
  /**
   * The column holding the user who created a record (e.g. CreatedById). With it, a user without 'View All
   * Records' on the screen's module reaches only their own records, by every route here.
   */
  ownerField?: string;
  /**
   * Entity properties that are no column of the table (a role's Permissions): left out of the row read and
   * of the columns written; hooks.load adds them to answers and hooks.afterWrite writes them.
   */
  related?: string[];
}

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;
const noId = 'No id was provided.';

/**
 * Read, create, update, deactivate and delete for a screen whose entity is one table, with the
 * screen's module as the access every route needs. Writes are checked with the form's own schema and
 * rules (see body-validator.ts), stamped with who and when, and unique fields are checked with the
 * screen's messages (the database's unique index still guards against races).
 */
export function registerCrud(app: FastifyInstance, options: CrudOptions): void {
  const { screen, entity, table, unique = [], hooks = {}, ownerField, related = [] } = options;
  const form = screen.form;
  if (!form) throw new Error(`screen ${screen.id} has no form`);
  if (screen.routes.single) throw new Error(`screen ${screen.id} has a single route: register it with registerSingleRecord`);
  requireFileChecker(app, `registerCrud(${screen.id})`);
  const id = screen.idField;
  const access = screenAccess(screen.module);
  // Create, update and delete (with deactivate) need their route node too: the module-button access.
  const routeAccess = (kind: GuardedRouteKind) => (typeof access === 'object' ? { ...access, route: routeNodeName(screen.id, kind) } : access);
  const label = form.entityLabel ?? entity.title ?? 'record';
  const { readable: properties, response } = readableRecord(entity);
  const readable = properties.filter((p) => !related.includes(p));
  const withoutRelated = (values: Row): Row => (related.length ? Object.fromEntries(Object.entries(values).filter(([k]) => !related.includes(k))) : values);
  const db = () => app.db;
  const who = (request: FastifyRequest) => request.principal!.UserName;
  // A related value is audited only when it is simple: a scalar or a list of scalars (a user's Role ids), not a list of grants.
  const simpleRelated = related.filter((p) => {
    const prop = entity.properties?.[p] as JsonSchema | undefined;
    const items = prop?.items as JsonSchema | undefined;
    return prop?.type !== 'object' && (prop?.type !== 'array' || (items !== undefined && items.type !== 'object' && items.type !== 'array'));
  });
  const audited = [...readable.filter((p) => p !== id && p !== ownerField), ...simpleRelated];

  /** The record with what belongs to it beyond its row (hooks.load): read once per write, for the audit and the answer. */
  async function withRelated(from: Knex, row: Row): Promise<Row> {
    return hooks.load ? { ...row, ...(await hooks.load(from, row)) } : row;
  }

  /** The record as the audit compares it: its row, with its related values when they are simple (a user's Role ids). */
  function auditView(full: Row): Row {
    return Object.fromEntries(Object.entries(full).filter(([k, v]) => !related.includes(k) || (simpleRelated.includes(k) && isSimpleValue(v))));
  }

  /** The record before a write, as the audit compares it: its related values are read only when some are audited. */
  async function auditedBefore(row: Row): Promise<Row> {
    return simpleRelated.length ? auditView(await withRelated(db(), row)) : row;
  }

  /** One audit entry for a write, in its transaction; an update that changed nothing writes none. */
  async function audit(trx: Knex, request: FastifyRequest, action: AuditAction, recordId: number, before: Row | null, after: Row | null): Promise<void> {
    const changes = changedFields(audited, before, after);
    if (action === 'update' && !changes.length) return;
    await writeAuditEntry(trx, { entity: screen.id, recordId, action, principal: request.principal, changes });
  }

  /** The record by id, if the user may reach it: one hidden by the row rule answers as one that does not exist. */
  async function existing(request: FastifyRequest<{ Params: { id: number } }>): Promise<Row> {
    if (!(request.params.id > 0)) throw HttpError.of(400, noId, id, 'NoId');
    const row = await withRowRule(db()(table).where(id, request.params.id), ownerField, request.principal).first(readable);
    if (!row) throw HttpError.of(404, `This ${label.toLowerCase()} no longer exists.`, null, 'NotFound');
    return row;
  }

  function guard(row: Row, action: CrudAction): void {
    const refusal = hooks.refuseChange?.(row, action);
    if (refusal) throw HttpError.of(403, refusal, null, 'ReadOnlyRecord');
  }

  /** What the user is shown of a record (with its related values): without the fields they may not see. */
  const answer = (request: FastifyRequest, full: Row): Row => maskRecord(full, deniedFieldsOf(request.principal));

  /** The fields a write may not carry: those the user may not see, and those gated behind a module the user lacks. */
  async function unwritable(request: FastifyRequest): Promise<string[]> {
    return [...deniedFieldsOf(request.principal), ...(await moduleGatedFields(db(), request.principal, form!.fieldModules))];
  }

  /** A write may not carry a field the user may not change (400 naming each). */
  function refuseDeniedFields(request: FastifyRequest, denied: string[]): void {
    const errors = deniedFieldErrors(request.body, denied);
    if (errors.length) throw new HttpError(400, errors);
  }

  async function checkUnique(trx: Knex, values: Record<string, unknown>, exceptId?: number): Promise<void> {
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

  const validated = (check: ReturnType<typeof bodyValidator>, body: unknown) => checkedBody(check, entity, body);
  const checkFiles = (trx: Knex, checked: CheckedBody) => checkFieldFiles(app, trx, checked);

  app.get<{ Params: { id: number } }>(`${screen.api}/:id`, {
    config: { access },
    schema: { tags: [screen.id], summary: `Read one ${label.toLowerCase()}.`, params: idParams, response: { 200: response } },
  }, async (request) => answer(request, await withRelated(db(), await existing(request))));

  app.get<{ Params: { id: number } }>(`${screen.api}/:id/history`, {
    config: { access },
    schema: {
      tags: [screen.id],
      summary: `The history of one ${label.toLowerCase()}: its creation, updates, deactivation and deletion, newest first.`,
      description: 'Each entry says who and when, and the fields that changed with their old and new values. Changes to fields the caller may not see are left out, and an update that changed only such fields is left out entirely. A record hidden from the caller answers 404.',
      params: idParams,
      response: { 200: historySchema },
    },
  }, async (request) => {
    await existing(request);
    return recordHistory(db(), screen.id, request.params.id, deniedFieldsOf(request.principal));
  });

  if (form.fields.create && screen.routes.create) {
    const check = bodyValidator(entity, form, 'create');
    const docSchema = documentedBody(composeFormSchema(entity, form.fields.create, 'create'));
    app.post(screen.api, {
      config: { access: routeAccess('create') },
      schema: { tags: [screen.id], summary: `Create a ${label.toLowerCase()}.`, body: docSchema, response: { 201: response } },
    }, async (request, reply) => {
      refuseDeniedFields(request, await unwritable(request));
      const checked = validated(check, request.body);
      const { values } = checked;
      const row = await db().transaction(async (trx) => {
        await checkFiles(trx, checked);
        await checkUnique(trx, values);
        const columns = withoutRelated(await (hooks.toColumns?.(values, 'create') ?? values));
        const owner = ownerField ? { [ownerField]: request.principal!.UserId } : {};
        const [created] = await trx(table).insert({ ...columns, ...owner, CreatedBy: who(request) }).returning(readable);
        await hooks.afterWrite?.(trx, created, values, 'create', request);
        const full = await withRelated(trx, created);
        await audit(trx, request, 'create', created[id] as number, null, auditView(full));
        return answer(request, full);
      });
      return reply.status(201).send(row);
    });
  }

  const checkUpdate = bodyValidator(entity, form, 'update');
  app.post<{ Params: { id: number } }>(`${screen.api}/:id`, {
    config: { access: routeAccess('update') },
    schema: { tags: [screen.id], summary: `Update a ${label.toLowerCase()}.`, params: idParams, body: documentedBody(composeFormSchema(entity, form.fields.update, 'update')), response: { 200: response } },
  }, async (request) => {
    const before = await existing(request);
    guard(before, 'update');
    // Fields the user may not change keep their stored values: checked as they are, and not written.
    const denied = await unwritable(request);
    refuseDeniedFields(request, denied);
    const body = denied.length ? { ...(request.body as Row), ...Object.fromEntries(denied.filter((f) => f in before).map((f) => [f, before[f]])) } : request.body;
    const checked = validated(checkUpdate, body);
    const { values } = checked;
    const auditBefore = await auditedBefore(before);
    return db().transaction(async (trx) => {
      await checkFiles(trx, checked);
      await checkUnique(trx, values, request.params.id);
      const columns = maskRecord(withoutRelated(await (hooks.toColumns?.(values, 'update', before) ?? values)), denied);
      const reactivated = columns.IsActive === true && before.IsActive === false;
      const deactivated = columns.IsActive === false && before.IsActive !== false;
      const stamp = {
        ModifiedBy: who(request), ModifiedDate: trx.fn.now(),
        ...(deactivated ? { DeactivatedBy: who(request), DeactivatedDate: trx.fn.now() } : {}),
        ...(reactivated ? { DeactivatedBy: null, DeactivatedDate: null } : {}),
      };
      const [row] = await trx(table).where(id, request.params.id).update({ ...columns, ...stamp }).returning(readable);
      await hooks.afterWrite?.(trx, row, values, 'update', request, before);
      if (deactivated) await hooks.afterDeactivate?.(trx, row);
      const full = await withRelated(trx, row);
      await audit(trx, request, deactivated ? 'deactivate' : 'update', request.params.id, auditBefore, auditView(full));
      return answer(request, full);
    });
  });

  if (screen.routes.delete) {
    app.post<{ Params: { id: number } }>(`${screen.api}/:id/deactivate`, {
      config: { access: routeAccess('delete') },
      schema: { tags: [screen.id], summary: `Deactivate a ${label.toLowerCase()}.`, params: idParams, response: { 200: response } },
    }, async (request) => {
      const before = await existing(request);
      guard(before, 'deactivate');
      const auditBefore = await auditedBefore(before);
      return db().transaction(async (trx) => {
        const [row] = await trx(table).where(id, request.params.id)
          .update({ IsActive: false, DeactivatedBy: who(request), DeactivatedDate: trx.fn.now(), ModifiedBy: who(request), ModifiedDate: trx.fn.now() })
          .returning(readable);
        await hooks.afterDeactivate?.(trx, row);
        const full = await withRelated(trx, row);
        await audit(trx, request, 'deactivate', request.params.id, auditBefore, auditView(full));
        return answer(request, full);
      });
    });

    app.delete<{ Params: { id: number } }>(`${screen.api}/:id`, {
      config: { access: routeAccess('delete') },
      schema: { tags: [screen.id], summary: `Delete a ${label.toLowerCase()}.`, params: idParams, response: { 204: { type: 'null' } } },
    }, async (request, reply) => {
      const before = await existing(request);
      guard(before, 'delete');
      const auditBefore = await auditedBefore(before);
      await db().transaction(async (trx) => {
        await trx(table).where(id, request.params.id).delete();
        await audit(trx, request, 'delete', request.params.id, auditBefore, null);
      });
      return reply.status(204).send();
    });
  }
}
