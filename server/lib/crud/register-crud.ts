import type { FastifyInstance } from 'fastify';
import { composeFormSchema } from '../../../engine/core/forms/index.ts';
import { documentedBody, requireFileChecker, screenAccess } from './form-body.ts';
import { historySchema } from './audit.ts';
import { crudHandlers, type CrudOptions } from './crud-handlers.ts';
import { routeNodeName, type GuardedRouteKind } from '../../modules/access/permission-nodes.ts';

export type { CrudAction, CrudHooks, CrudOptions, UniqueRule } from './crud-handlers.ts';

export const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;

/**
 * Read, create, update, deactivate and delete for a screen whose entity is one table (crud-handlers.ts), with
 * the screen's module as the access every route needs, and its route node for create, update and delete.
 */
export function registerCrud(app: FastifyInstance, options: CrudOptions): void {
  const { screen, entity } = options;
  const form = screen.form;
  if (!form) throw new Error(`screen ${screen.id} has no form`);
  if (screen.routes.single) throw new Error(`screen ${screen.id} has a single route: register it with registerSingleRecord`);
  requireFileChecker(app, `registerCrud(${screen.id})`);
  const handlers = crudHandlers(app, options);
  const access = screenAccess(screen.module);
  // Create, update and delete (with deactivate) need their route node too: the module-button access.
  const routeAccess = (kind: GuardedRouteKind) => (typeof access === 'object' ? { ...access, route: routeNodeName(screen.id, kind) } : access);
  const label = handlers.label.toLowerCase();
  const { response } = handlers;
  const tags = [screen.id];

  app.get<{ Params: { id: number } }>(`${screen.api}/:id`, {
    config: { access },
    schema: { tags, summary: `Read one ${label}.`, params: idParams, response: { 200: response } },
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
      schema: { tags, summary: `Deactivate a ${label}.`, params: idParams, response: { 200: response } },
    }, handlers.deactivate);

    app.delete<{ Params: { id: number } }>(`${screen.api}/:id`, {
      config: { access: routeAccess('delete') },
      schema: { tags, summary: `Delete a ${label}.`, params: idParams, response: { 204: { type: 'null' } } },
    }, handlers.remove);
  }
}
