import type { Knex } from 'knex';
import { circleGrants, type RecordsAccess } from './circle-grants.ts';
import { moduleAccessOf } from './effective-access.ts';
import { defaultCircleId } from '../../db/migrations/127_circles.ts';

/**
 * 'Why can this user ... this record?' (issue 30): the chain that decides a row action on a circleable form's record,
 * naming the circle, the aggregate and the roles that granted or denied it. Granted is the evaluator's own answer
 * (circle-grants.ts), so the explanation can never tell another story than the grid and the server.
 */
export interface CircleExplainLink { Step: 'Master' | 'Circle' | 'ViewAllRecords' | 'Membership' | 'Role' | 'CircleRole' | 'CirclePermission'; Node: string; Detail: string; Granted: boolean }
export interface CircleExplanation { Granted: boolean; Action: string; Chain: CircleExplainLink[] }

const kindOfAction: Record<string, string> = { Edit: 'update', Delete: 'delete', Copy: 'create', Print: 'read' };

interface RoleRow { RoleId: number; Name: string; IsAdmin: boolean }

/**
 * Role ids of `roles` that grant route kind `kind` through one of the given (module, screen) pairs: the module, and its
 * route node unless the kind is read.
 */
async function rolesGranting(db: Knex, roles: RoleRow[], via: Array<[string, string]>, kind: string, actionId: number): Promise<Set<number>> {
  if (!roles.length) return new Set();
  const { rows } = await db.raw(`select r.role_id from roles r where r.role_id = any(?) and (r.is_admin
    or exists (select 1 from role_page_actions rpa where rpa.role_id = r.role_id and rpa.action_id = ?)
    or exists (select 1 from unnest(?::text[], ?::text[]) as via (module, screen)
      join permission_nodes mn on mn.type = 'module' and mn.name = via.module
      join role_grants g on g.node_id = mn.node_id and g.role_id = r.role_id and g.has_access
      where ? = 'read' or exists (select 1 from permission_nodes rn join role_grants rg on rg.node_id = rn.node_id and rg.role_id = r.role_id and rg.has_access
        where rn.type = 'route' and not rn.is_retired and rn.name = via.screen || '.' || ?)))`,
  [roles.map((r) => r.RoleId), actionId, via.map(([m]) => m), via.map(([, s]) => s), kind, kind]);
  return new Set((rows as Array<{ RoleId: number }>).map((r) => r.RoleId));
}

/** `pageId`: the records as reached through that page (its module and route nodes decide the user's own grants). */
export async function explainRecordAction(db: Knex, userId: number, formId: number, recordId: number, action: string, pageId?: number): Promise<CircleExplanation | null> {
  const user = await db('users').where({ UserId: userId }).first('UserId', 'UserName', 'IsMaster', 'OwnerAtomicCircleId');
  const form = await db('forms').where({ FormId: formId }).first('FormId', 'Name', 'AccessPageId', 'IsCircleable');
  const pageAction = form && await db('page_actions').where({ FormId: formId, ActionName: action }).first('ActionId', 'RouteKind');
  const record = form && await db(`form_records_${formId}`).where({ RecordId: recordId }).first('RecordId', 'AtomicCircleId', 'CreatedById');
  if (!user || !form || !pageAction || !record) return null;
  const kind = kindOfAction[action] ?? pageAction.RouteKind;
  const [moduleName, screenId] = pageId ? [`Page${pageId}`, `page-${pageId}`] : [`Form${formId}`, `form-${formId}`];
  const records: RecordsAccess = { pageId: form.AccessPageId, moduleName, screenId };
  const access = await moduleAccessOf(db, userId, moduleName, kind === 'read' ? null : `${screenId}.${kind}`);
  const [entry] = await circleGrants(db, { UserId: userId, IsMaster: user.IsMaster, viewAll: access.viewAllRecords }, records, [form.IsCircleable ? record.AtomicCircleId : 0]);
  const ids = new Set((entry?.Value ?? '').split(',').filter(Boolean).map(Number));
  const chain: CircleExplainLink[] = [];
  if (user.IsMaster) {
    chain.push({ Step: 'Master', Node: user.UserName, Detail: 'The master user may take every action on every record.', Granted: true });
    return { Granted: ids.has(pageAction.ActionId), Action: action, Chain: chain };
  }
  const circle = await db('atomic_circles as c').leftJoin('aggregate_circles as g', 'g.AggregateCircleId', 'c.AggregateCircleId')
    .where('c.AtomicCircleId', record.AtomicCircleId).first('c.AtomicCircleId', 'c.Name', 'c.HasOwnRoles', 'c.IsActive', 'g.AggregateCircleId', 'g.Name as AggregateName');
  chain.push({
    Step: 'Circle', Node: circle.Name, Granted: Boolean(form.IsCircleable),
    Detail: form.IsCircleable
      ? `The record belongs to the circle '${circle.Name}'${circle.AggregateName ? ` of the aggregate '${circle.AggregateName}'` : ''}${circle.IsActive ? '' : ' (inactive)'}.`
      : `The form '${form.Name}' is not circleable: only the user's own roles decide.`,
  });
  const ownRoles: RoleRow[] = await db('user_roles as ur').join('roles as r', 'r.RoleId', 'ur.RoleId').where({ 'ur.UserId': userId, 'r.IsActive': true }).select('r.RoleId', 'r.Name', 'r.IsAdmin');
  const ownGranting = await rolesGranting(db, ownRoles, [[moduleName, screenId]], kind, pageAction.ActionId);
  for (const role of ownRoles) chain.push({ Step: 'Role', Node: role.Name, Granted: ownGranting.has(role.RoleId), Detail: `${user.UserName}'s role '${role.Name}' ${ownGranting.has(role.RoleId) ? 'grants' : 'does not grant'} ${action}.` });
  if (!ownRoles.length) chain.push({ Step: 'Role', Node: user.UserName, Granted: false, Detail: `${user.UserName} has no active role.` });
  if (!form.IsCircleable) return { Granted: ids.has(pageAction.ActionId), Action: action, Chain: chain };
  if (access.viewAllRecords) {
    chain.push({ Step: 'ViewAllRecords', Node: records.moduleName, Granted: true, Detail: 'View All Records on the form: the user\'s own roles apply to every circle\'s records.' });
    return { Granted: ids.has(pageAction.ActionId), Action: action, Chain: chain };
  }
  const outside = circle.AtomicCircleId === defaultCircleId;
  const ways = outside ? [] : await membershipOf(db, userId, circle);
  if (!ways.length) {
    const own = record.CreatedById === userId;
    const apart = outside ? `'${circle.Name}' holds the records in no circle yet and shares them with no one;` : `${user.UserName} is not a member of '${circle.Name}';`;
    chain.push({ Step: 'Membership', Node: circle.Name, Granted: own, Detail: own ? `${apart} ${user.UserName} created the record: their own roles apply.` : `${apart} ${user.UserName} did not create the record: it is out of reach.` });
    return { Granted: own && ids.has(pageAction.ActionId), Action: action, Chain: chain };
  }
  chain.push({ Step: 'Membership', Node: circle.Name, Granted: true, Detail: `${user.UserName} is a member of '${circle.Name}' (${ways.join('; ')}): what the circle grants narrows their own roles.` });
  const from = circle.HasOwnRoles ? { table: 'atomic_circle_roles', key: 'AtomicCircleId', id: circle.AtomicCircleId, label: `its own roles` }
    : { table: 'aggregate_circle_roles', key: 'AggregateCircleId', id: circle.AggregateCircleId, label: circle.AggregateName ? `the roles of its aggregate '${circle.AggregateName}'` : 'no roles (it has none of its own and no aggregate)' };
  const circleRoles: RoleRow[] = from.id ? await db(`${from.table} as cr`).join('roles as r', 'r.RoleId', 'cr.RoleId').where({ [`cr.${from.key}`]: from.id, 'r.IsActive': true }).select('r.RoleId', 'r.Name', 'r.IsAdmin') : [];
  const circleGranting = await rolesGranting(db, circleRoles, [[moduleName, screenId], [`Form${formId}`, `form-${formId}`]], kind, pageAction.ActionId);
  chain.push({ Step: 'CircleRole', Node: circle.Name, Granted: circleGranting.size > 0, Detail: `'${circle.Name}' takes ${from.label}${circleRoles.length ? `: ${circleRoles.map((r) => `'${r.Name}' ${circleGranting.has(r.RoleId) ? 'grants' : 'does not grant'} ${action}`).join(', ')}` : ''}.` });
  const permitted = await db('circle_actions').where({ AtomicCircleId: circle.AtomicCircleId, ActionId: pageAction.ActionId }).first('ActionId');
  if (permitted) chain.push({ Step: 'CirclePermission', Node: circle.Name, Granted: true, Detail: `'${circle.Name}' is given ${action} as a permission of its own${circle.HasOwnRoles ? '' : ` (from '${circle.AggregateName}')`}.` });
  return { Granted: ids.has(pageAction.ActionId), Action: action, Chain: chain };
}

/** How the user belongs to the circle: as their owner circle, added to it, or through its aggregate. */
async function membershipOf(db: Knex, userId: number, circle: { AtomicCircleId: number; IsActive: boolean; AggregateCircleId: number | null; AggregateName: string | null }): Promise<string[]> {
  if (!circle.IsActive) return [];
  const ways: string[] = [];
  if (await db('users').where({ UserId: userId, OwnerAtomicCircleId: circle.AtomicCircleId }).first('UserId')) ways.push('their owner circle');
  if (await db('user_circles').where({ UserId: userId, AtomicCircleId: circle.AtomicCircleId }).first('UserId')) ways.push('added to it');
  if (circle.AggregateCircleId && await db('user_aggregate_circles as ua').join('aggregate_circles as g', 'g.AggregateCircleId', 'ua.AggregateCircleId')
    .where({ 'ua.UserId': userId, 'ua.AggregateCircleId': circle.AggregateCircleId, 'g.IsActive': true }).first('ua.UserId')) ways.push(`through the aggregate '${circle.AggregateName}'`);
  return ways;
}
