import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { CircleAccessEntry } from '../../../engine/core/grid/actions.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { CrudAction, CrudOptions } from '../../lib/crud/crud-types.ts';
import { circleGrants, grantedRouteKinds, type GrantsUser, type RecordsAccess } from './circle-grants.ts';

/** The evaluator's view of the request's user: who they are, and whether they hold View All Records on the route's module. */
export function grantsUserOf(request: FastifyRequest): GrantsUser {
  const principal = request.principal!;
  return { UserId: principal.UserId, IsMaster: principal.IsMaster, viewAll: Boolean(principal.Access?.viewAllRecords) };
}

const verbs: Record<CrudAction, { kind: 'update' | 'delete'; verb: string }> = {
  update: { kind: 'update', verb: 'change' },
  deactivate: { kind: 'delete', verb: 'deactivate' },
  delete: { kind: 'delete', verb: 'delete' },
};

/**
 * Records owned by atomic circles (a circleable form's, the users): the column naming a record's circle, and the check
 * every change makes: one not granted on the record's circle is refused (403), whatever the browser offered.
 */
export function circleGuard(app: FastifyInstance, field: string, accessOf: (request: FastifyRequest) => RecordsAccess): NonNullable<CrudOptions['circles']> {
  return {
    field,
    async allowChange(request, row, action) {
      const circleId = Number(row[field]);
      const { kind, verb } = verbs[action];
      if ((await grantedRouteKinds(app.db, grantsUserOf(request), accessOf(request), circleId)).has(kind)) return;
      const circle = await app.db('atomic_circles').where({ AtomicCircleId: circleId }).first('Name');
      throw HttpError.of(403, `You may not ${verb} the records of the circle '${circle?.Name ?? circleId}'.`, null, 'CircleAccess');
    },
  };
}

/**
 * A list's CircleAccess for the circles of its page's rows, and circle 0 (the user's own grants: the set actions, such
 * as Add, which no row's circle decides). The master user and a holder of View All Records work with their own grants
 * on every circle: for them, the grants the session check already read (PageGrants) answer with no query of their own.
 */
export async function listCircleGrants(db: Knex, request: FastifyRequest, access: RecordsAccess, rowCircleIds: number[]): Promise<CircleAccessEntry[]> {
  const circles = [...new Set([0, ...rowCircleIds.filter((id) => id > 0)])];
  const user = grantsUserOf(request);
  const cached = request.principal?.PageGrants;
  if ((user.IsMaster || user.viewAll) && cached?.pageId === access.pageId) return circles.map((Key) => ({ Key, Value: cached.actionIds.join(',') }));
  return circleGrants(db, user, access, circles);
}
