import type { FastifyInstance } from 'fastify';
import { composeFormSchema } from '../../../engine/core/forms/index.ts';
import { documentedBody, noValuesBody, requireFileChecker, screenAccess } from './form-body.ts';
import { historySchema } from './audit.ts';
import { crudHandlers, type CrudHandlers, type CrudOptions } from './crud-handlers.ts';
import { lockQuerySchema } from './record-lock.ts';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import type { Knex } from 'knex';
import { routeNodeName, type GuardedRouteKind } from '../../modules/access/permission-nodes.ts';

export type { CrudAction, CrudHooks, CrudOptions, UniqueRule } from './crud-handlers.ts';

/**
 * The screen and entity as they are now, when they change at run time (a shipped screen with the UDFs its reserved
 * form has today), with a key that changes whenever they do.
 */
export type ScreenExtension = (db: Knex) => Promise<{ screen: ScreenDocument; entity: JsonSchema; key: string }>;

export const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;

/**
 * Read, create, update, deactivate and delete for a screen whose entity is one table (crud-handlers.ts), with
 * the screen's module as the access every route needs, and its route node for create, update and delete.
 */
export function registerCrud(app: FastifyInstance, options: CrudOptions & { extend?: ScreenExtension }): void {
  const { screen, entity, extend } = options;
  const form = screen.form;
  if (!form) throw new Error(`screen ${screen.id} has no form`);
  if (screen.routes.single) throw new Error(`screen ${screen.id} has a single route: register it with registerSingleRecord`);
  requireFileChecker(app, `registerCrud(${screen.id})`);
  const shipped = crudHandlers(app, options);
  // With an extension, each request works with the handlers of the screen as it is now (built once per key).
  let extended: { key: string; handlers: CrudHandlers } | undefined;
  const current = async (): Promise<CrudHandlers> => {
    if (!extend) return shipped;
    const now = await extend(app.db);
    if (!now.key) return shipped;
    if (extended?.key !== now.key) extended = { key: now.key, handlers: crudHandlers(app, { ...options, screen: now.screen, entity: now.entity }) };
    return extended.handlers;
  };
  const handlers: Pick<CrudHandlers, 'history' | 'update' | 'deactivate' | 'remove'> & Partial<Pick<CrudHandlers, 'create'>>
    & { read(request: Parameters<CrudHandlers['read']>[0], reply: Parameters<CrudHandlers['read']>[1]): ReturnType<CrudHandlers['read']> } = {
    read: async (request, reply) => (await current()).read(request, reply, changeRights),
    history: async (request) => (await current()).history(request),
    update: async (request, reply) => (await current()).update(request, reply),
    deactivate: async (request, reply) => (await current()).deactivate(request, reply),
    remove: async (request, reply) => (await current()).remove(request, reply),
    ...(shipped.create ? { create: async (request, reply) => (await current()).create!(request, reply) } : {}),
  };
  const access = screenAccess(screen.module);
  // Create, update and delete (with deactivate) need their route node too: the module-button access.
  const routeAccess = (kind: GuardedRouteKind) => (typeof access === 'object' ? { ...access, route: routeNodeName(screen.id, kind) } : access);
  // Who may take a record's lock: one who may update or delete it.
  const changeRights = [routeAccess('update'), ...(screen.routes.delete ? [routeAccess('delete')] : [])];
  const label = shipped.label.toLowerCase();
  // Values of UDFs added at run time are no properties of the shipped schema: an extended screen's answers keep them.
  const response = extend ? { ...shipped.response, additionalProperties: true } : shipped.response;
  const tags = [screen.id];
  // The screen's list (GET {api}, registered by its module) says which of its rows others hold locked.
  if (app.hasDecorator('lockedLists')) app.lockedLists.set(`GET ${screen.api}`, () => ({ domain: screen.id, idField: screen.idField }));
  // The held-locks call tells only of records the user may read (the row rule).
  if (options.ownerField && app.hasDecorator('ownedLockDomains')) app.ownedLockDomains.set(screen.id, { table: options.table, idField: screen.idField, ownerField: options.ownerField, circleField: options.circles?.field });

  app.get<{ Params: { id: number } }>(`${screen.api}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: `Read one ${label}; with lock=true, for update: takes its lock.`,
      description: 'The recordversion header names the version read, which update, deactivate and delete send back with the recordlockid the read for update answered.',
      params: idParams,
      querystring: lockQuerySchema,
      response: { 200: response },
    },
  }, handlers.read);

  app.get<{ Params: { id: number } }>(`${screen.api}/:id/history`, {
    config: { access },
    schema: {
      tags,
      summary: `The history of one ${label}: its creation, updates, deactivation and deletion, newest first.`,
      description: 'Each entry says who and when, and the fields that changed with their old and new values. Changes to fields the caller may not see are left out, and an update that changed only such fields is left out entirely. A record hidden from the caller answers 404.',
      params: idParams,
      response: { 200: historySchema },
    },
  }, handlers.history);

  if (handlers.create && screen.routes.create) {
    app.post(screen.api, {
      config: { access: routeAccess('create') },
      schema: { tags, summary: `Create a ${label}.`, body: documentedBody(composeFormSchema(entity, form.fields.create!, 'create')), response: { 201: response } },
    }, handlers.create);
  }

  app.post<{ Params: { id: number } }>(`${screen.api}/:id`, {
    config: { access: routeAccess('update') },
    schema: { tags, summary: `Update a ${label}.`, params: idParams, body: documentedBody(composeFormSchema(entity, form.fields.update, 'update')), response: { 200: response } },
  }, handlers.update);

  if (screen.routes.delete) {
    app.post<{ Params: { id: number } }>(`${screen.api}/:id/deactivate`, {
      config: { access: routeAccess('delete') },
      schema: { tags, summary: `Deactivate a ${label}.`, params: idParams, body: noValuesBody, response: { 200: response } },
    }, handlers.deactivate);

    app.delete<{ Params: { id: number } }>(`${screen.api}/:id`, {
      config: { access: routeAccess('delete') },
      schema: { tags, summary: `Delete a ${label}.`, params: idParams, response: { 204: { type: 'null' } } },
    }, handlers.remove);
  }
}
