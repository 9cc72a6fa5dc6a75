import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { combinedFormActions, circleableFormActions, roleGrantsActionSql } from './form-actions.ts';
import { combinedAnswer, formActionsAnswer, idListQuery, idQuery, named, namedList, parseIds } from './circle-schemas.ts';
import { module } from './aggregate-routes.ts';

const tags = ['circles'];
const ids = (rows: Array<{ ActionId: number }>) => rows.map((r) => Number(r.ActionId));

/**
 * What the aggregate circle page chooses from (circles contract): atomic circles free or in the aggregate, owners,
 * aggregates by owner, roles, the circleable forms' actions and the combined trees of a circle's roles and grants;
 * and, for any signed-in user, the circles a record may be moved to with what each grants on a page.
 */
export default async function optionRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get<{ Querystring: { id?: number } }>('/api/circles/non-aggregated', {
    config: { access: { module } },
    schema: {
      tags,
      summary: 'Non-aggregated atomic circles: the active ones in no aggregate, and those of aggregate id (isChecked), by name.',
      querystring: idQuery('id', false),
      response: { 200: { type: 'array', items: { type: 'object', additionalProperties: false, properties: { ...named.properties, isChecked: { type: 'boolean' } } } } },
    },
  }, async (request) => {
    const id = request.query.id ?? 0;
    const rows = await db('atomic_circles')
      .where((q) => q.where((free) => free.whereNull('AggregateCircleId').where({ IsActive: true })).orWhere({ AggregateCircleId: id }))
      .select({ Id: 'atomic_circle_id', Name: 'name', AggregateCircleId: 'aggregate_circle_id' }).orderBy(['name', 'atomic_circle_id']);
    return rows.map((r: { Id: number; Name: string; AggregateCircleId: number | null }) => ({ Id: r.Id, Name: r.Name, isChecked: id > 0 && r.AggregateCircleId === id }));
  });

  app.get<{ Querystring: { excludeId?: number } }>('/api/circles/owner-atomic-circles', {
    config: { access: { module } },
    schema: { tags, summary: 'Owner atomic circles: the active atomic circles, without excludeId, by name.', querystring: idQuery('excludeId', false), response: { 200: namedList } },
  }, async (request) => {
    const q = db('atomic_circles').where({ IsActive: true }).select({ Id: 'atomic_circle_id', Name: 'name' }).orderBy(['name', 'atomic_circle_id']);
    if (request.query.excludeId) q.whereNot({ AtomicCircleId: request.query.excludeId });
    return q;
  });

  app.get<{ Querystring: { id: number } }>('/api/circles/aggregate-by-owner', {
    config: { access: { module } },
    schema: { tags, summary: 'Aggregate by owner: the aggregate circles atomic circle id owns, by name.', querystring: idQuery('id'), response: { 200: namedList } },
  }, async (request) => db('aggregate_circles').where({ OwnerAtomicCircleId: request.query.id }).select({ Id: 'aggregate_circle_id', Name: 'name' }).orderBy(['name', 'aggregate_circle_id']));

  app.get('/api/circles/roles', {
    config: { access: { module } },
    schema: { tags, summary: "Roles: the active roles a circle's roles are chosen from, by name.", response: { 200: namedList } },
  }, async () => db('roles').where({ IsActive: true }).select({ Id: 'role_id', Name: 'name' }).orderBy(['name', 'role_id']));

  app.get<{ Querystring: { id?: number } }>('/api/circles/form-actions', {
    config: { access: { module } },
    schema: {
      tags,
      summary: 'Form actions: the row actions of circleable built form id (Edit, Delete, Copy, Print, and any added), or of every circleable active form without id.',
      querystring: idQuery('id', false),
      response: { 200: formActionsAnswer },
    },
  }, async (request) => {
    const { id } = request.query;
    if (id && !(await db('forms').where({ FormId: id, IsCircleable: true }).whereNull('Source').first('FormId'))) {
      throw HttpError.of(404, `The form ${id} does not exist or is not circleable.`, 'id', 'NotFound');
    }
    return (await circleableFormActions(db, id || undefined)).map(({ FormName: _n, ...action }) => action);
  });

  const combinedQuery = (extra: Record<string, unknown>) => ({
    type: 'object', additionalProperties: false,
    properties: { roleIds: idListQuery, aggregateCircleId: { type: 'integer', minimum: 0 }, ...extra },
  });

  app.get<{ Querystring: { roleIds?: string; aggregateCircleId?: number } }>('/api/circles/combined-form-actions/aggregate', {
    config: { access: { module } },
    schema: {
      tags,
      summary: "Combined form actions for an aggregate: each circleable form's actions, Checked when one of roleIds grants it (then Locked, with GrantedBy the roles) or the aggregate's Permissions hold it.",
      querystring: combinedQuery({}),
      response: { 200: combinedAnswer },
    },
  }, async (request) => {
    const explicit = ids(await db('aggregate_circle_actions').where({ AggregateCircleId: request.query.aggregateCircleId ?? 0 }).select('ActionId'));
    return combinedFormActions(db, parseIds(request.query.roleIds), explicit);
  });

  app.get<{ Querystring: { roleIds?: string; aggregateCircleId?: number; atomicCircleId: number } }>('/api/circles/combined-form-actions/atomic', {
    config: { access: { module } },
    schema: {
      tags,
      summary: "Combined form actions for an atomic circle: as for an aggregate, with the circle's own Permissions when it has own roles, else its aggregate's (aggregateCircleId, or the circle's).",
      querystring: { ...combinedQuery({ atomicCircleId: { type: 'integer', minimum: 1 } }), required: ['atomicCircleId'] },
      response: { 200: combinedAnswer },
    },
  }, async (request) => {
    const { atomicCircleId, aggregateCircleId, roleIds } = request.query;
    const circle = await db('atomic_circles').where({ AtomicCircleId: atomicCircleId }).first('HasOwnRoles', 'AggregateCircleId');
    if (!circle) throw HttpError.of(404, `The circle ${atomicCircleId} does not exist.`, 'atomicCircleId', 'NotFound');
    const explicit = circle.HasOwnRoles
      ? await db('atomic_circle_actions').where({ AtomicCircleId: atomicCircleId }).select('ActionId')
      : await db('aggregate_circle_actions').where({ AggregateCircleId: aggregateCircleId || circle.AggregateCircleId || 0 }).select('ActionId');
    return combinedFormActions(db, parseIds(roleIds), ids(explicit));
  });

  app.get<{ Querystring: { pageId: number } }>('/api/circles/user-atomic-circles', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: "User atomic circles: the active atomic circles the signed-in user is a member of (every one with View All Records on the page's form), each with the ids of the page's actions its roles and grants give.",
      querystring: idQuery('pageId'),
      response: { 200: { type: 'array', items: { type: 'object', additionalProperties: false, properties: { ...named.properties, ActionIds: { type: 'array', items: { type: 'integer' } } } } } },
    },
  }, async (request) => {
    const user = request.principal!;
    const { rows } = await db.raw(`select c.atomic_circle_id as id, c.name,
        array(select pa.action_id from page_actions pa where pa.access_page_id = :pageId and pa.is_active and (
          exists (select 1 from circle_actions ca where ca.atomic_circle_id = c.atomic_circle_id and (ca.action_id = pa.action_id or ca.action_id = pa.parent_action_id))
          or exists (select 1 from circle_roles cr join roles r on r.role_id = cr.role_id and r.is_active
            where cr.atomic_circle_id = c.atomic_circle_id and ${roleGrantsActionSql}))
          order by pa.action_id) as action_ids
      from atomic_circles c
      where c.is_active and (:isMaster or exists (select 1 from circle_members m where m.atomic_circle_id = c.atomic_circle_id and m.user_id = :userId)
        or exists (select 1 from forms f join permission_nodes n on n.type = 'module' and n.name = 'Form' || f.form_id
          join lateral user_node_access(:userId, n.node_id) a on a.view_all_records
          where f.access_page_id = :pageId))
      order by c.name, c.atomic_circle_id`, { pageId: request.query.pageId, userId: user.UserId, isMaster: user.IsMaster });
    return (rows as Array<{ Id: number; Name: string; ActionIds: number[] }>).map((r) => ({ Id: r.Id, Name: r.Name, ActionIds: r.ActionIds.map(Number) }));
  });
}
