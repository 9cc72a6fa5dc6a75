import type { FastifyInstance } from 'fastify';
import aggregateCircle from '../../../metadata/entities/AggregateCircle.json' with { type: 'json' };
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParams } from '../../lib/crud/register-crud.ts';
import { runList, listQuerySchema, listResponseSchema, type ListOptions, type ListQuery } from '../../lib/list/index.ts';
import { routeNodeName } from '../access/permission-nodes.ts';
import { aggregateAnswer, aggregateCreateBody, aggregateUpdateBody } from './circle-schemas.ts';
import { createAggregate, deleteAggregate, readAggregate, updateAggregate, type AggregateBody } from './aggregate-store.ts';

export const module = 'AggregateCircleManagement';
const tags = ['circles'];

/**
 * The aggregate circles' list and the calls of the aggregate circle page (/aggregate/manage/:id): read, create,
 * update (each section of the page saves alone: lists left out are kept) and delete. Create and update need the
 * screen's route nodes as well (the module-button access); delete, which the page offers beside update, the update one.
 */
export default async function aggregateRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('aggregatecircles');
  const list = screen.list!;
  const listOptions: ListOptions = { idField: 'AggregateCircleId', activeField: 'IsActive', alwaysSelect: ['IsActive'], nullableFields: ['Description', 'OwnerAtomicCircleName'] };
  const routeAccess = (kind: 'create' | 'update') => ({ module, route: routeNodeName(screen.id, kind) });
  // The list's rows with the owner's name and how many atomic circles each groups.
  const rows = () => app.db.from(app.db.raw(`(select g.aggregate_circle_id, g.name, g.description, g.is_active, o.name as owner_atomic_circle_name,
      (select count(*)::integer from atomic_circles c where c.aggregate_circle_id = g.aggregate_circle_id) as member_count
    from aggregate_circles g left join atomic_circles o on o.atomic_circle_id = g.owner_atomic_circle_id) as records`));

  app.get<{ Querystring: ListQuery }>('/api/circles/aggregates', {
    config: { access: { module } },
    schema: {
      tags,
      summary: 'Aggregate circles, paged, sorted and searched: name, description, owner atomic circle, how many atomic circles, active.',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(rowSchemaOf(aggregateCircle)) },
    },
  }, async (request) => runList(app.db, rows(), list, listOptions, request.query));

  app.get<{ Params: { id: number } }>('/api/circles/aggregates/:id', {
    config: { access: { module } },
    schema: {
      tags,
      summary: 'One aggregate circle as its page shows it: roles, explicit action grants (Permissions), member atomic circles, owner, users.',
      params: idParams,
      response: { 200: aggregateAnswer },
    },
  }, async (request) => {
    const found = await readAggregate(app.db, request.params.id);
    if (!found) throw HttpError.of(404, 'This aggregate circle no longer exists.', null, 'NotFound');
    return found;
  });

  app.post<{ Body: AggregateBody }>('/api/circles/aggregates', {
    config: { access: routeAccess('create') },
    schema: { tags, summary: 'Create aggregate circle: its name, roles, permissions, member atomic circles, owner and users, in one transaction.', body: aggregateCreateBody, response: { 201: aggregateAnswer } },
  }, async (request, reply) => reply.status(201).send(await createAggregate(app.db, trimmed(request.body), request.principal)));

  app.post<{ Params: { id: number }; Body: AggregateBody }>('/api/circles/aggregates/:id', {
    config: { access: routeAccess('update') },
    schema: { tags, summary: 'Update aggregate circle: what the body carries (a list left out is kept), in one transaction.', params: idParams, body: aggregateUpdateBody, response: { 200: aggregateAnswer } },
  }, async (request) => updateAggregate(app.db, request.params.id, trimmed(request.body), request.principal));

  app.delete<{ Params: { id: number } }>('/api/circles/aggregates/:id', {
    config: { access: routeAccess('update') },
    schema: { tags, summary: 'Delete an aggregate circle: its atomic circles become non-aggregated and keep their users and records.', params: idParams, response: { 204: { type: 'null' } } },
  }, async (request, reply) => {
    await deleteAggregate(app.db, request.params.id, request.principal);
    return reply.status(204).send();
  });
}

/** The name as it is stored: without surrounding blanks. */
function trimmed(body: AggregateBody): AggregateBody {
  return typeof body.Name === 'string' ? { ...body, Name: body.Name.trim() } : body;
}
