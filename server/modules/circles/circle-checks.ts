import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { HttpError } from '../../lib/http-error.ts';
import { defaultCircleId } from '../../db/migrations/127_circles.ts';

/**
 * The refusals of the circle calls (circles contract, "Refusals"), each naming the property the page shows it at.
 * Every check reads in the write's transaction and throws before anything is written, so a refused save leaves no
 * trace; the database's constraints (unique names, foreign keys) still stand behind them against races.
 */

export const defaultCircleMessage = 'The Default circle cannot be deleted or deactivated.';
export const duplicateName = (name: string) => `A record with the name ${name} already exists.`;
export const ownedByMember = 'An aggregate circle cannot be owned by one of its own member circles.';
export const circleMissing = (id: number) => `The circle ${id} does not exist.`;
export const aggregateMissing = (id: number) => `The aggregate circle ${id} does not exist.`;
export const stillOwns = (users: number, records: number) => `This circle still owns ${users} users and ${records} records: move them first.`;

const item = (PropertyName: string, ErrorMessage: string, ErrorCode: string): ErrorItem => ({ PropertyName, ErrorMessage, ErrorCode });
const unique = (ids: number[]) => [...new Set(ids)];

/** Refuses every problem at once (400), so the page can show each at its field. */
export function refuse(problems: ErrorItem[], status = 400): void {
  if (problems.length) throw new HttpError(status, problems);
}

/** A name another circle of the table already has, whatever its case (409 on Name). */
export async function requireFreeName(trx: Knex, table: 'atomic_circles' | 'aggregate_circles', idField: string, name: string, exceptId?: number): Promise<void> {
  const q = trx(table).whereRaw('lower(name) = lower(?)', [name]).first(idField);
  if (exceptId) q.whereNot(idField, exceptId);
  if (await q) throw HttpError.of(409, duplicateName(name), 'Name', 'Unique');
}

/** Roles that do not exist or are inactive (on Role). */
export async function roleProblems(trx: Knex, roleIds: number[]): Promise<ErrorItem[]> {
  const ids = unique(roleIds);
  if (!ids.length) return [];
  const active = new Set((await trx('roles').whereIn('RoleId', ids).where({ IsActive: true }).select('RoleId')).map((r: Record<string, unknown>) => Number(r.RoleId)));
  return ids.filter((id) => !active.has(id)).map((id) => item('Role', `The role ${id} does not exist or is inactive.`, 'UnknownRole'));
}

/** Actions that do not exist, or that are no row action of a circleable built form (on Permissions). */
export async function actionProblems(trx: Knex, actionIds: number[]): Promise<ErrorItem[]> {
  const ids = unique(actionIds);
  if (!ids.length) return [];
  const rows: Array<{ ActionId: number; FormId: number | null; FormName: string | null; IsCircleable: boolean | null; Source: string | null }> = await trx('page_actions as pa')
    .leftJoin('forms as f', 'f.form_id', 'pa.form_id')
    .whereIn('pa.action_id', ids)
    .select({ ActionId: 'pa.action_id', FormId: 'pa.form_id', FormName: 'f.name', IsCircleable: 'f.is_circleable', Source: 'f.source' });
  const byId = new Map(rows.map((r) => [Number(r.ActionId), r]));
  const problems: ErrorItem[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) problems.push(item('Permissions', `The action ${id} does not exist.`, 'UnknownAction'));
    else if (row.FormId === null) problems.push(item('Permissions', `The action ${id} is no action of a built form: it cannot be granted by circle.`, 'NotFormAction'));
    else if (!row.IsCircleable) problems.push(item('Permissions', `The form '${row.FormName}' is not circleable: its actions cannot be granted by circle.`, 'NotCircleable'));
  }
  return problems;
}

/** Atomic circles that do not exist (on `property`). */
export async function circleProblems(trx: Knex, circleIds: number[], property: string): Promise<ErrorItem[]> {
  const ids = unique(circleIds);
  if (!ids.length) return [];
  const found = new Set((await trx('atomic_circles').whereIn('AtomicCircleId', ids).select('AtomicCircleId')).map((r: Record<string, unknown>) => Number(r.AtomicCircleId)));
  return ids.filter((id) => !found.has(id)).map((id) => item(property, circleMissing(id), 'UnknownCircle'));
}

/** Users that do not exist (on `property`). */
export async function userProblems(trx: Knex, userIds: number[], property: string): Promise<ErrorItem[]> {
  const ids = unique(userIds);
  if (!ids.length) return [];
  const found = new Set((await trx('users').whereIn('UserId', ids).select('UserId')).map((r: Record<string, unknown>) => Number(r.UserId)));
  return ids.filter((id) => !found.has(id)).map((id) => item(property, `The user ${id} does not exist.`, 'UnknownUser'));
}

/** Circles already in an aggregate other than `aggregateId` (on AtomicCircleHierarchy): a circle is in one aggregate at most. */
export async function takenCircleProblems(trx: Knex, circleIds: number[], aggregateId: number | null): Promise<ErrorItem[]> {
  const ids = unique(circleIds);
  if (!ids.length) return [];
  const q = trx('atomic_circles as c').join('aggregate_circles as g', 'g.aggregate_circle_id', 'c.aggregate_circle_id')
    .whereIn('c.atomic_circle_id', ids).select({ Circle: 'c.name', Aggregate: 'g.name' }).orderBy('c.name');
  if (aggregateId) q.whereNot('c.aggregate_circle_id', aggregateId);
  const rows: Array<{ Circle: string; Aggregate: string }> = await q;
  return rows.map((r) => item('AtomicCircleHierarchy', `The circle '${r.Circle}' already belongs to the aggregate '${r.Aggregate}'.`, 'CircleTaken'));
}

/** How many users and built-form records an atomic circle owns (what deleting or deactivating it would strand). */
export async function ownedByCircle(trx: Knex, circleId: number): Promise<{ users: number; records: number }> {
  const users = Number(Object.values((await trx('users').where({ OwnerAtomicCircleId: circleId }).count({ n: '*' }).first()) ?? { n: 0 })[0]);
  let records = 0;
  const formIds = (await trx('forms').whereNull('Source').select('FormId')).map((r: { FormId: number }) => r.FormId);
  for (const formId of formIds) {
    const table = `form_records_${formId}`;
    const { rows } = await trx.raw(`select 1 from information_schema.columns where table_schema = current_schema()
      and table_name = ? and column_name = 'atomic_circle_id'`, [table]);
    if (!rows.length) continue;
    const row = await trx(table).where({ AtomicCircleId: circleId }).count({ n: '*' }).first();
    records += Number(Object.values(row ?? { n: 0 })[0]);
  }
  return { users, records };
}

/** Refuses (409) taking a circle out of use while it owns users or records; the Default circle never leaves (403). */
export async function requireCircleEmpty(trx: Knex, circleId: number): Promise<void> {
  if (circleId === defaultCircleId) throw HttpError.of(403, defaultCircleMessage, null, 'DefaultCircle');
  const { users, records } = await ownedByCircle(trx, circleId);
  if (users || records) throw HttpError.of(409, stillOwns(users, records), null, 'CircleInUse');
}
