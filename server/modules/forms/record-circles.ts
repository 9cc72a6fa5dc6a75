import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { circleIdField, type CircleAccessEntry } from '../../../engine/core/grid/actions.ts';
import { pageModuleName, pageScreenId } from '../../../engine/core/lowcode/compose-page.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { CrudOptions, Row } from '../../lib/crud/crud-types.ts';
import type { RecordsAccess } from '../access/circle-grants.ts';
import { circleGuard, grantsUserOf, listCircleGrants } from '../access/circle-guard.ts';
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

/** The list's CircleAccess: for a circleable form, per circle of the page's rows; else the user's own grants (circle 0). */
export function listCircleAccess(db: Knex, request: FastifyRequest, built: BuiltForm) {
  return async (rows: () => Promise<Row[]>): Promise<CircleAccessEntry[]> =>
    listCircleGrants(db, request, recordsAccessOf(request, built), built.form.IsCircleable ? (await rows()).map((row) => Number(row[circleIdField])) : []);
}

/** The circles of a circleable form's records: a change not granted on the record's circle is refused (403). */
export function recordCircles(app: FastifyInstance, built: BuiltForm): CrudOptions['circles'] {
  return built.form.IsCircleable ? circleGuard(app, circleIdField, (request) => recordsAccessOf(request, built)) : undefined;
}

/** The circles a record may be moved to by this user: every active one for View All Records, else their own. */
async function circleChoices(db: Knex, request: FastifyRequest): Promise<Array<{ Id: number; Name: string }>> {
  const user = grantsUserOf(request);
  const q = db('atomic_circles as c').where('c.IsActive', true).orderBy([{ column: 'c.Name' }, { column: 'c.AtomicCircleId' }]).select('c.AtomicCircleId as Id', 'c.Name');
  if (!user.IsMaster && !user.viewAll) q.whereIn('c.AtomicCircleId', (m) => m.from('circle_members').where('UserId', user.UserId).select('AtomicCircleId'));
  return q;
}

/** GET: the record's circle and where it may go (nowhere, when its form's records do not belong to circles). */
export async function recordCircleOf(db: Knex, request: FastifyRequest, row: Row, circleable: boolean) {
  const id = Number(row[circleIdField]);
  const current: { Id: number; Name: string } = await db('atomic_circles').where({ AtomicCircleId: id }).first('AtomicCircleId as Id', 'Name');
  return { Circleable: circleable, Current: current, Choices: circleable ? await circleChoices(db, request) : [] };
}

/**
 * POST: whether a record may move to another circle (the write itself takes its lock and version as any change does):
 * needs the record's change granted on its circle now, a target that exists and is active, and one the user may choose.
 * Answers the circles' names, for the audit of the move.
 */
export async function moveRecord(trx: Knex, request: FastifyRequest, built: BuiltForm, row: Row, target: number): Promise<{ from: string; to: string }> {
  const choices = await circleChoices(trx, request);
  const chosen = choices.find((c) => c.Id === target);
  if (!chosen) {
    const exists = await trx('atomic_circles').where({ AtomicCircleId: target, IsActive: true }).first('AtomicCircleId');
    const message = exists ? 'You may move a record only to a circle you belong to.' : `The circle ${target} does not exist.`;
    throw HttpError.of(400, message, circleIdField, exists ? 'CircleNotYours' : 'NotFound');
  }
  await recordCircles(request.server, built)!.allowChange(request, row, 'update');
  const from = (await trx('atomic_circles').where({ AtomicCircleId: Number(row[circleIdField]) }).first('Name'))?.Name ?? '';
  return { from, to: chosen.Name };
}
