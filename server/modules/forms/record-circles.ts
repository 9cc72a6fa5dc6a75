import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { circleIdField, type CircleAccessEntry } from '../../../engine/core/grid/actions.ts';
import { pageModuleName, pageScreenId } from '../../../engine/core/lowcode/compose-page.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { CrudAction, CrudOptions, Row } from '../../lib/crud/crud-types.ts';
import { circleGrants, grantedRouteKinds, type GrantsUser, type RecordsAccess } from '../access/circle-grants.ts';
import type { BuiltForm } from './built-forms.ts';

/**
 * A built form's records and circles (issue 30): which access page, module and route nodes decide their row actions
 * (the form's own, or those of the page that shows them), the list's CircleAccess, and the check every change makes.
 */

type Req = FastifyRequest<{ Params: { formId?: number; pageId?: number } }>;

export function recordsAccessOf(request: FastifyRequest, built: BuiltForm): RecordsAccess {
  const pageId = Number((request as Req).params.pageId);
  const formId = built.form.FormId;
  return pageId > 0
    ? { pageId: built.form.AccessPageId ?? 0, moduleName: pageModuleName(pageId), screenId: pageScreenId(pageId) }
    : { pageId: built.form.AccessPageId ?? 0, moduleName: `Form${formId}`, screenId: `form-${formId}` };
}

export function grantsUserOf(request: FastifyRequest): GrantsUser {
  const principal = request.principal!;
  return { UserId: principal.UserId, IsMaster: principal.IsMaster, viewAll: Boolean(principal.Access?.viewAllRecords) };
}

/** The list's CircleAccess: for a circleable form, per circle of the page's rows; else the user's own grants (circle 0). */
export function listCircleAccess(db: Knex, request: FastifyRequest, built: BuiltForm) {
  return async (rows: () => Promise<Row[]>): Promise<CircleAccessEntry[]> => {
    const circles = built.form.IsCircleable ? (await rows()).map((row) => Number(row[circleIdField])).filter((id) => id > 0) : [0];
    return circleGrants(db, grantsUserOf(request), recordsAccessOf(request, built), circles);
  };
}

const verbs: Record<CrudAction, { kind: 'update' | 'delete'; verb: string }> = {
  update: { kind: 'update', verb: 'change' },
  deactivate: { kind: 'delete', verb: 'deactivate' },
  delete: { kind: 'delete', verb: 'delete' },
};

/** The circles of a circleable form's records: a change not granted on the record's circle is refused (403). */
export function recordCircles(app: FastifyInstance, built: BuiltForm): CrudOptions['circles'] {
  if (!built.form.IsCircleable) return undefined;
  return {
    field: circleIdField,
    async allowChange(request, row, action) {
      const circleId = Number(row[circleIdField]);
      const { kind, verb } = verbs[action];
      if ((await grantedRouteKinds(app.db, grantsUserOf(request), recordsAccessOf(request, built), circleId)).has(kind)) return;
      const circle = await app.db('atomic_circles').where({ AtomicCircleId: circleId }).first('Name');
      throw HttpError.of(403, `You may not ${verb} the records of the circle '${circle?.Name ?? circleId}'.`, null, 'CircleAccess');
    },
  };
}
