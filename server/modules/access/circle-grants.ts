import type { Knex } from 'knex';
import type { CircleAccessEntry } from '../../../engine/core/grid/actions.ts';
import { defaultCircleId } from '../../db/migrations/127_circles.ts';

/**
 * Which row actions a user may take on the records of each atomic circle (issue 30; spec 2 "page actions with circle
 * access", spec 3 section 6). One statement answers the list's CircleAccess and every write's check, so the grid
 * never offers what the server refuses:
 * - the master user: every action;
 * - a holder of View All Records on the records' module: what their own roles give, on every circle;
 * - a member of the row's circle: what their own roles give AND the circle grants (circles narrow, never widen: the
 *   route a write takes is checked against the user's own roles before any row is read);
 * - anyone else reaches only the records they created: what their own roles give. The Default circle holds what is in
 *   no circle yet: every user is in it, so it neither shares nor narrows.
 * A circle grants an action through one of its roles in force (its own when HasOwnRoles, else its aggregate's:
 * view circle_roles) or its explicit Permissions (view circle_actions). A role grants a built form's action when it
 * holds the route the action opens (its RouteKind: the module for 'read', the module and the route node otherwise),
 * a role_page_actions row names the action or its parent, or it is an administrator role. A shipped list's action
 * standing for a route node (route_name: the user list's Edit is users.update) is granted with that node and its module.
 */
export interface RecordsAccess {
  /** The access page of the list ('forms.access_page_id' for a built form's records). */
  pageId: number;
  /** The module the records are reached through ('Form12', or 'Page5' when a page shows them). */
  moduleName: string;
  /** The screen whose route nodes guard writes ('form-12' or 'page-5'). */
  screenId: string;
}

export interface GrantsUser {
  UserId: number;
  IsMaster: boolean;
  /** View All Records on the module. */
  viewAll: boolean;
}

/**
 * True when role `r` grants the action `pa` (SQL over aliases r and pa): by its route on the form itself, or on the
 * module the records are reached through (a page that shows them), both the module and the route node of one of them.
 */
const roleGrantsAction = `(r.is_admin or exists (
    select 1 from role_page_actions rpa where rpa.role_id = r.role_id and (rpa.action_id = pa.action_id or rpa.action_id = pa.parent_action_id))
  or pa.route_kind is not null and exists (
    select 1 from (values (:moduleName, :screenId), ('Form' || pa.form_id, 'form-' || pa.form_id)) as via (module, screen)
    join permission_nodes mn on mn.type = 'module' and mn.name = via.module
    join role_grants mg on mg.node_id = mn.node_id and mg.role_id = r.role_id and mg.has_access
    where pa.route_kind = 'read' or exists (
      select 1 from permission_nodes rn join role_grants rg on rg.node_id = rn.node_id and rg.role_id = r.role_id and rg.has_access
      where rn.type = 'route' and not rn.is_retired and rn.name = via.screen || '.' || pa.route_kind))
  or pa.route_name is not null and exists (
    select 1 from permission_nodes rn join permission_nodes mn on mn.node_id = rn.parent_node_id
    join role_grants rg on rg.node_id = rn.node_id and rg.role_id = r.role_id and rg.has_access
    join role_grants mg on mg.node_id = mn.node_id and mg.role_id = r.role_id and mg.has_access
    where rn.type = 'route' and rn.name = pa.route_name and not rn.is_retired))`;

/**
 * True when the user's own roles (and overrides) grant the action `pa` (SQL over alias pa; named bindings userId,
 * isMaster, moduleName and screenId). The session check's PageGrants (page-actions/store.ts) is this very condition.
 */
export const ownGrantsAction = `(:isMaster or exists (
    select 1 from user_roles ur join roles r on r.role_id = ur.role_id and r.is_active
    where ur.user_id = :userId and (r.is_admin or exists (
      select 1 from role_page_actions rpa where rpa.role_id = r.role_id and (rpa.action_id = pa.action_id or rpa.action_id = pa.parent_action_id))))
  or pa.route_kind is not null and exists (
    select 1 from permission_nodes mn cross join lateral user_node_access(:userId, mn.node_id) ma
    where mn.type = 'module' and mn.name = :moduleName and ma.has_access)
  and (pa.route_kind = 'read' or exists (
    select 1 from permission_nodes rn cross join lateral user_node_access(:userId, rn.node_id) ra
    where rn.type = 'route' and not rn.is_retired and rn.name = :screenId || '.' || pa.route_kind and ra.has_access))
  or pa.route_name is not null and exists (
    select 1 from permission_nodes rn join permission_nodes mn on mn.node_id = rn.parent_node_id
    cross join lateral user_node_access(:userId, rn.node_id) ra cross join lateral user_node_access(:userId, mn.node_id) ma
    where rn.type = 'route' and rn.name = pa.route_name and not rn.is_retired and ra.has_access and ma.has_access))`;

/**
 * Per circle, the granted actions' ids (or route kinds) on the page. The user's own grants are evaluated once (own), the
 * grants of each role in force on a member circle once per role (role_action), then matched per circle.
 */
const grantsStatement = (column: 'action_id' | 'route_kind') => `with own as materialized (
    select pa.action_id, pa.parent_action_id, coalesce(pa.route_kind, split_part(pa.route_name, '.', 2)) as route_kind, pa.form_id, pa.route_name
    from page_actions pa
    where pa.access_page_id = :pageId and pa.is_active and ${ownGrantsAction}),
  asked as materialized (
    select c.id, not (:isMaster or :viewAll or c.id = 0 or c.id = :defaultCircleId)
      and exists (select 1 from circle_members m where m.user_id = :userId and m.atomic_circle_id = c.id) as narrowed
    from unnest(cast(:circleIds as integer[])) as c (id)),
  circle_role as materialized (
    select distinct cr.atomic_circle_id, cr.role_id from circle_roles cr join roles r on r.role_id = cr.role_id and r.is_active
    where cr.atomic_circle_id in (select id from asked where narrowed)),
  role_action as materialized (
    select r.role_id, pa.action_id from roles r cross join own pa
    where r.role_id in (select role_id from circle_role) and ${roleGrantsAction})
  select c.id as "Key", array(
    select pa.${column} from own pa
    where not c.narrowed
      or exists (select 1 from circle_actions ca where ca.atomic_circle_id = c.id and (ca.action_id = pa.action_id or ca.action_id = pa.parent_action_id))
      or exists (select 1 from circle_role cr join role_action ra on ra.role_id = cr.role_id where cr.atomic_circle_id = c.id and ra.action_id = pa.action_id)
    order by pa.action_id) as "Ids"
  from asked c`;

async function grantsOf<T>(db: Knex, column: 'action_id' | 'route_kind', user: GrantsUser, records: RecordsAccess, circleIds: readonly number[]): Promise<Array<{ Key: number; Ids: T[] }>> {
  const ids = [...new Set(circleIds)];
  if (!ids.length) return [];
  const { rows } = await db.raw(grantsStatement(column), {
    pageId: records.pageId, moduleName: records.moduleName, screenId: records.screenId,
    userId: user.UserId, isMaster: user.IsMaster, viewAll: user.viewAll, circleIds: ids, defaultCircleId,
  });
  return rows;
}

/**
 * CircleAccess for these circles (circle 0: rows without one): each circle with the ids of the actions granted on its
 * records. Ask only for the circles of the rows at hand (a page of a list, one record): the answer is per circle.
 */
export async function circleGrants(db: Knex, user: GrantsUser, records: RecordsAccess, circleIds: readonly number[]): Promise<CircleAccessEntry[]> {
  const rows = await grantsOf<number>(db, 'action_id', user, records, circleIds);
  return rows.map((row) => ({ Key: Number(row.Key), Value: row.Ids.map(Number).join(',') }));
}

/** The route kinds (update, delete, ...) granted on one circle's records: what a write is checked against. */
export async function grantedRouteKinds(db: Knex, user: GrantsUser, records: RecordsAccess, circleId: number): Promise<Set<string>> {
  const [row] = await grantsOf<string | null>(db, 'route_kind', user, records, [circleId]);
  return new Set((row?.Ids ?? []).filter((kind): kind is string => Boolean(kind)));
}
