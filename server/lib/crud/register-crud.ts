import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { composeFormSchema, type JsonSchema } from '../../../engine/core/forms/index.ts';
import { HttpError } from '../http-error.ts';
import { bodyValidator, type CheckedBody } from './body-validator.ts';
import { checkedBody, checkFieldFiles, documentedBody, readableRecord, requireFileChecker, screenAccess } from './form-body.ts';

export interface UniqueRule {
  field: string;
  /** The message per mode, e.g. the spec's 'An account with this User Name already exists in the system!'. */
  message: string;
  caseInsensitive?: boolean;
}

export interface CrudHooks {
  /** Refuses any change to this record (e.g. a master user), with the message to show. */
  refuseChange?(existing: Record<string, unknown>): string | null;
  /** Turns validated form values into columns (e.g. a password into its hash). */
  toColumns?(values: Record<string, unknown>, mode: 'create' | 'update'): Promise<Record<string, unknown>> | Record<string, unknown>;
}

export interface CrudOptions {
  screen: ScreenDocument;
  entity: JsonSchema;
  table: string;
  unique?: UniqueRule[];
  hooks?: CrudHooks;
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
  const { screen, entity, table, unique = [], hooks = {} } = options;
  const form = screen.form;
  if (!form) throw new Error(`screen ${screen.id} has no form`);
  if (screen.routes.single) throw new Error(`screen ${screen.id} has a single route: register it with registerSingleRecord`);
  requireFileChecker(app, `registerCrud(${screen.id})`);
  const id = screen.idField;
  const access = screenAccess(screen.module);
  const label = form.entityLabel ?? entity.title ?? 'record';
  const { readable, response } = readableRecord(entity);
  const db = () => app.db;
  const who = (request: FastifyRequest) => request.principal!.UserName;

  async function existing(request: FastifyRequest<{ Params: { id: number } }>): Promise<Record<string, unknown>> {
    if (!(request.params.id > 0)) throw HttpError.of(400, noId, id, 'NoId');
    const row = await db()(table).where(id, request.params.id).first(readable);
    if (!row) throw HttpError.of(404, `This ${label.toLowerCase()} no longer exists.`, null, 'NotFound');
    return row;
  }

  function guard(row: Record<string, unknown>): void {
    const refusal = hooks.refuseChange?.(row);
    if (refusal) throw HttpError.of(403, refusal, null, 'ReadOnlyRecord');
  }

  async function checkUnique(trx: Knex, values: Record<string, unknown>, exceptId?: number): Promise<void> {
    const clashes = [];
    for (const rule of unique) {
      if (values[rule.field] === undefined) continue;
      const q = trx(table).first(id);
      if (rule.caseInsensitive) q.whereRaw('lower(??) = lower(?)', [rule.field, String(values[rule.field])]);
      else q.where(rule.field, values[rule.field] as string);
      if (exceptId) q.whereNot(id, exceptId);
      if (await q) clashes.push({ PropertyName: rule.field, ErrorMessage: rule.message, ErrorCode: 'Unique' });
    }
    if (clashes.length) throw new HttpError(409, clashes);
  }

  const validated = (check: ReturnType<typeof bodyValidator>, body: unknown) => checkedBody(check, entity, body);
  const checkFiles = (trx: Knex, checked: CheckedBody) => checkFieldFiles(app, trx, checked);

  app.get<{ Params: { id: number } }>(`${screen.api}/:id`, {
    config: { access },
    schema: { tags: [screen.id], summary: `Read one ${label.toLowerCase()}.`, params: idParams, response: { 200: response } },
  }, async (request) => existing(request));

  if (form.fields.create && screen.routes.create) {
    const check = bodyValidator(entity, form, 'create');
    const docSchema = documentedBody(composeFormSchema(entity, form.fields.create, 'create'));
    app.post(screen.api, {
      config: { access },
      schema: { tags: [screen.id], summary: `Create a ${label.toLowerCase()}.`, body: docSchema, response: { 201: response } },
    }, async (request, reply) => {
      const checked = validated(check, request.body);
      const { values } = checked;
      const row = await db().transaction(async (trx) => {
        await checkFiles(trx, checked);
        await checkUnique(trx, values);
        const columns = await (hooks.toColumns?.(values, 'create') ?? values);
        const [created] = await trx(table).insert({ ...columns, CreatedBy: who(request) }).returning(readable);
        return created;
      });
      return reply.status(201).send(row);
    });
  }

  const checkUpdate = bodyValidator(entity, form, 'update');
  app.post<{ Params: { id: number } }>(`${screen.api}/:id`, {
    config: { access },
    schema: { tags: [screen.id], summary: `Update a ${label.toLowerCase()}.`, params: idParams, body: documentedBody(composeFormSchema(entity, form.fields.update, 'update')), response: { 200: response } },
  }, async (request) => {
    const before = await existing(request);
    guard(before);
    const checked = validated(checkUpdate, request.body);
    const { values } = checked;
    return db().transaction(async (trx) => {
      await checkFiles(trx, checked);
      await checkUnique(trx, values, request.params.id);
      const columns = await (hooks.toColumns?.(values, 'update') ?? values);
      const reactivated = columns.IsActive === true && before.IsActive === false;
      const deactivated = columns.IsActive === false && before.IsActive !== false;
      const stamp = {
        ModifiedBy: who(request), ModifiedDate: trx.fn.now(),
        ...(deactivated ? { DeactivatedBy: who(request), DeactivatedDate: trx.fn.now() } : {}),
        ...(reactivated ? { DeactivatedBy: null, DeactivatedDate: null } : {}),
      };
      const [row] = await trx(table).where(id, request.params.id).update({ ...columns, ...stamp }).returning(readable);
      return row;
    });
  });

  if (screen.routes.delete) {
    app.post<{ Params: { id: number } }>(`${screen.api}/:id/deactivate`, {
      config: { access },
      schema: { tags: [screen.id], summary: `Deactivate a ${label.toLowerCase()}.`, params: idParams, response: { 200: response } },
    }, async (request) => {
      guard(await existing(request));
      const [row] = await db()(table).where(id, request.params.id)
        .update({ IsActive: false, DeactivatedBy: who(request), DeactivatedDate: db().fn.now(), ModifiedBy: who(request), ModifiedDate: db().fn.now() })
        .returning(readable);
      return row;
    });

    app.delete<{ Params: { id: number } }>(`${screen.api}/:id`, {
      config: { access },
      schema: { tags: [screen.id], summary: `Delete a ${label.toLowerCase()}.`, params: idParams, response: { 204: { type: 'null' } } },
    }, async (request, reply) => {
      guard(await existing(request));
      await db()(table).where(id, request.params.id).delete();
      return reply.status(204).send();
    });
  }
}
