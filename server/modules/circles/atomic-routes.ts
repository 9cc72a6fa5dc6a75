import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import atomicCircle from '../../../metadata/entities/AtomicCircle.json' with { type: 'json' };
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParams, registerCrud } from '../../lib/crud/register-crud.ts';
import { runList, listQuerySchema, listResponseSchema, type ListOptions, type ListQuery } from '../../lib/list/index.ts';
import { routeNodeName } from '../access/permission-nodes.ts';
import { defaultCircleId } from '../../db/migrations/127_circles.ts';
import { atomicAnswer, atomicRoleBody, idQuery } from './circle-schemas.ts';
import { aggregateMissing, circleMissing, defaultCircleMessage, duplicateName, ownedByCircle, requireCircleEmpty, stillOwns } from './circle-checks.ts';
import { ownsItself, readAtomic, requireNotOwnerOfAggregate, saveAtomicRole, type AtomicRoleBody } from './atomic-store.ts';
import { module } from './aggregate-routes.ts';

type Row = Record<string, unknown>;
const tags = ['circles'];

/** How many users are in each atomic circle: owned, added, or through its aggregate (each user once). */
const memberCountSql = '(select count(distinct m.user_id)::integer from circle_members m where m.atomic_circle_id = c.atomic_circle_id)';

/**
 * Atomic circles: the generic list and form (metadata/screens/atomiccircles.json), the aggregate page's read of one
 * ('atomic circle') and its save of a member's own roles ('update atomic circle role'). Circle 1 (Default) is neither
 * deactivated nor deleted, and no circle leaves use while it still owns users or records.
 */
export default async function atomicRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('atomiccircles');
  const list = screen.list!;
  const listOptions: ListOptions = { idField: 'AtomicCircleId', activeField: 'IsActive', alwaysSelect: ['IsActive'], nullableFields: ['Description', 'AggregateCircleName'] };
  const rows = () => app.db.from(app.db.raw(`(select c.atomic_circle_id, c.name, c.description, c.has_own_roles, c.is_active,
      g.name as aggregate_circle_name, ${memberCountSql} as member_count
    from atomic_circles c left join aggregate_circles g on g.aggregate_circle_id = c.aggregate_circle_id) as records`));

  app.get<{ Querystring: ListQuery }>('/api/circles/atomic', {
    config: { access: { module } },
    schema: {
      tags,
      summary: 'Atomic circles, paged, sorted and searched: name, description, aggregate, own roles or inherited, members, active.',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(rowSchemaOf(atomicCircle)) },
    },
  }, async (request) => runList(app.db, rows(), list, listOptions, request.query));

  app.get<{ Querystring: { id: number } }>('/api/circles/atomic-circle', {
    config: { access: { module } },
    schema: {
      tags,
      summary: "Atomic circle: its roles and explicit action grants in force (its own when HasOwnRoles, else its aggregate's), aggregate and owner.",
      querystring: idQuery('id'),
      response: { 200: atomicAnswer },
    },
  }, async (request) => {
    const found = await readAtomic(app.db, request.query.id);
    if (!found) throw HttpError.of(404, circleMissing(request.query.id), 'id', 'NotFound');
    return found;
  });

  app.post<{ Params: { id: number }; Body: AtomicRoleBody }>('/api/circles/atomic/:id/role', {
    config: { access: { module, route: routeNodeName('aggregatecircles', 'update') } },
    schema: {
      tags,
      summary: "Update atomic circle role: saving roles and permissions gives the circle its own (HasOwnRoles true); HasOwnRoles false drops them, so it inherits its aggregate's again.",
      params: idParams,
      body: atomicRoleBody,
      response: { 200: atomicAnswer },
    },
  }, async (request) => saveAtomicRole(app.db, request.params.id, request.body, request.principal));

  registerCrud(app, {
    screen,
    entity: atomicCircle as JsonSchema,
    table: 'atomic_circles',
    related: ['AggregateCircleName', 'MemberCount'],
    unique: [{ field: 'Name', message: duplicateName('{value}'), caseInsensitive: true }],
    hooks: {
      refuseChange: (row: Row, action) => (row.AtomicCircleId === defaultCircleId && action !== 'update' ? defaultCircleMessage : null),
      toColumns: async (values: Row, mode, existing, trx) => {
        // A select's 'Please Select' (-1) is no aggregate, no owner.
        for (const field of ['AggregateCircleId', 'OwnerAtomicCircleId']) if (typeof values[field] === 'number' && (values[field] as number) < 1) values[field] = null;
        await checkReferences(trx, values, mode === 'update' ? (existing!.AtomicCircleId as number) : null);
        return values;
      },
      refuseDelete: async (trx, existing) => {
        const { users, records } = await ownedByCircle(trx, existing.AtomicCircleId as number);
        return users || records ? stillOwns(users, records) : null;
      },
      afterDeactivate: (trx, saved) => requireCircleEmpty(trx, saved.AtomicCircleId as number),
      load: async (db, row) => {
        const found = await db('atomic_circles as c').leftJoin('aggregate_circles as g', 'g.aggregate_circle_id', 'c.aggregate_circle_id')
          .where('c.atomic_circle_id', row.AtomicCircleId as number)
          .first({ AggregateCircleName: 'g.name', MemberCount: db.raw(memberCountSql) });
        return { AggregateCircleName: found?.AggregateCircleName ?? null, MemberCount: Number(found?.MemberCount ?? 0) };
      },
    },
  });
}

/** The form's aggregate and owner exist, the circle does not own itself or join an aggregate it owns, Default stays active. */
async function checkReferences(trx: Knex, values: Row, id: number | null): Promise<void> {
  if (id === defaultCircleId && values.IsActive === false) throw HttpError.of(400, defaultCircleMessage, 'IsActive', 'DefaultCircle');
  const aggregateId = values.AggregateCircleId as number | null | undefined;
  if (aggregateId && !(await trx('aggregate_circles').where({ AggregateCircleId: aggregateId }).first('AggregateCircleId'))) {
    throw HttpError.of(400, aggregateMissing(aggregateId), 'AggregateCircleId', 'UnknownAggregate');
  }
  const ownerId = values.OwnerAtomicCircleId as number | null | undefined;
  if (ownerId && ownerId === id) throw HttpError.of(400, ownsItself, 'OwnerAtomicCircleId', 'OwnsItself');
  if (ownerId && !(await trx('atomic_circles').where({ AtomicCircleId: ownerId }).first('AtomicCircleId'))) {
    throw HttpError.of(400, circleMissing(ownerId), 'OwnerAtomicCircleId', 'UnknownCircle');
  }
  if (id) await requireNotOwnerOfAggregate(trx, id, aggregateId);
}
