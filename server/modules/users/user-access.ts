import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { UserPermission } from '../../../engine/core/access/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nodeFacts, repeatedIds } from '../access/node-facts.ts';

/**
 * A user's roles (Role: role ids) and per-user overrides (Permissions: UserPermission entries), written in the
 * transaction that saves the user and read back with the user. What is refused is refused with 400 naming the
 * field, before anything of the two is written (and the save's transaction then writes nothing at all).
 */

export const accessMessages = {
  noSuchRole: (id: number) => `The role ${id} does not exist or is inactive.`,
  notSelfRegistration: (id: number) => `The role ${id} is not available in self-registration.`,
  roleFull: (name: string, limit: number) => `The role ${name} is limited to ${limit} user${limit === 1 ? '' : 's'} and has no place left.`,
  noSuchPermission: (id: number) => `The permission ${id} does not exist.`,
  listedTwice: (id: number) => `The permission ${id} is listed more than once.`,
  notChangeable: (label: string) => `The permission ${label} cannot be changed.`,
  noViewAllRecords: (label: string) => `View All Records cannot be given for ${label}.`,
  moduleFirst: (label: string, module: string) => `The permission ${label} can only be overridden while the user has access to ${module}.`,
};

const roleError = (ErrorMessage: string): ErrorItem => ({ PropertyName: 'Role', ErrorMessage, ErrorCode: 'Role' });
const permissionError = (ErrorMessage: string): ErrorItem => ({ PropertyName: 'Permissions', ErrorMessage, ErrorCode: 'Permission' });

export interface AccessChange {
  userId: number;
  /** The roles the user is to hold; undefined keeps the ones held. */
  roleIds?: number[];
  /** The overrides the user is to have; undefined keeps the ones stored. */
  permissions?: UserPermission[];
  /** Whether the user is active after the save (an inactive user takes no place in a role). */
  active: boolean;
  /** The user was inactive before this save: every role they hold takes a place again. */
  reactivated?: boolean;
  /** Self-registration: only roles marked Available In Self Registration may be chosen. */
  selfRegistration?: boolean;
}

/** The role ids a user holds, ascending. */
export async function roleIdsOf(db: Knex, userId: number): Promise<number[]> {
  const rows: Array<{ RoleId: number }> = await db('user_roles').where({ UserId: userId }).orderBy('RoleId').select('RoleId');
  return rows.map((r) => r.RoleId);
}

/**
 * The user's overrides as the module access editor takes them, in the editor's order (category, module, then
 * the module's routes and fields).
 */
export async function permissionsOf(db: Knex, userId: number): Promise<UserPermission[]> {
  const { rows } = await db.raw(`select up.node_id as id, up.override_has_access, up.has_access, up.override_view_all_records, up.view_all_records, up.read_only
    from user_permissions up
    join permission_nodes n on n.node_id = up.node_id
    join permission_nodes m on m.node_id = coalesce(n.parent_node_id, n.node_id)
    left join modules mm on mm.module_id = m.module_id
    left join permission_categories c on c.category_id = mm.category_id
    where up.user_id = ?
    order by c.display_order nulls last, m.sort_order, m.label, m.node_id,
      case n.type when 'module' then 0 when 'route' then 1 else 2 end, n.sort_order, n.label, n.node_id`, [userId]);
  return (rows as Array<Record<string, unknown>>).map((r) => ({
    Id: Number(r.Id),
    overrideHasAccess: Boolean(r.OverrideHasAccess),
    HasAccess: Boolean(r.HasAccess),
    overrideViewAllRecords: Boolean(r.OverrideViewAllRecords),
    ViewAllRecords: Boolean(r.ViewAllRecords),
    ...(r.ReadOnly ? { ReadOnly: true } : {}),
  }));
}

interface RoleRow { RoleId: number; Name: string; IsActive: boolean; IsAvailSelfReg: boolean; UserCountLimit: number }

/**
 * Locks the roles' rows (ascending, so two saves never wait on each other in a circle) and reads them: a role's
 * user count is checked under this lock, so two saves cannot both take its last place.
 */
async function lockRoles(trx: Knex, roleIds: number[]): Promise<Map<number, RoleRow>> {
  if (!roleIds.length) return new Map();
  const rows: RoleRow[] = await trx('roles').whereIn('RoleId', roleIds).orderBy('RoleId').forUpdate()
    .select('RoleId', 'Name', 'IsActive', 'IsAvailSelfReg', 'UserCountLimit');
  return new Map(rows.map((r) => [r.RoleId, r]));
}

/** Refuses a role that has reached its UserCountLimit: its active users, this one aside, fill it. */
async function requirePlaces(trx: Knex, userId: number, roles: RoleRow[]): Promise<void> {
  const limited = roles.filter((r) => r.IsActive && r.UserCountLimit > 0);
  if (!limited.length) return;
  const counts: Array<{ RoleId: number; Users: number }> = await trx('user_roles as ur')
    .join('users as u', 'u.UserId', 'ur.UserId')
    .whereIn('ur.RoleId', limited.map((r) => r.RoleId))
    .where('u.IsActive', true)
    .whereNot('u.UserId', userId)
    .groupBy('ur.RoleId')
    .select('ur.RoleId', trx.raw('count(*)::int as users'));
  const byRole = new Map(counts.map((c) => [c.RoleId, Number(c.Users)]));
  const full = limited.filter((r) => (byRole.get(r.RoleId) ?? 0) >= r.UserCountLimit);
  if (full.length) throw new HttpError(400, full.map((r) => roleError(accessMessages.roleFull(r.Name, r.UserCountLimit))));
}

/**
 * The checks of spec 1 "Permissions sent on save" on the server: each entry names a live node once; an entry
 * that overrides nothing is ignored (it changes nothing, so it is not stored); a node whose AllowUse is false is
 * not changed; View All Records is given only on a module that offers it (taking it away is always allowed);
 * a route or field node (the spec's types 1 and 2) is overridden only while its module's access is granted,
 * by the module's own override in the same save or else by the roles the user will hold.
 */
async function checkedPermissions(trx: Knex, entries: UserPermission[], roleIds: number[]): Promise<UserPermission[]> {
  const repeated = repeatedIds(entries);
  if (repeated.length) throw new HttpError(400, repeated.map((id) => permissionError(accessMessages.listedTwice(id))));
  const errors: ErrorItem[] = [];
  const meaningful = entries.filter((e) => e.overrideHasAccess || e.overrideViewAllRecords);
  if (!meaningful.length) return [];
  const byId = await nodeFacts(trx, meaningful.map((e) => e.Id));
  const byEntry = new Map(meaningful.map((e) => [e.Id, e]));
  // The modules of child entries whose access the roles would have to give.
  const askRoles = new Set<number>();
  for (const e of meaningful) {
    const node = byId.get(e.Id);
    if (node && node.Type !== 'module' && node.ParentNodeId !== null && !byEntry.get(node.ParentNodeId)?.overrideHasAccess) askRoles.add(node.ParentNodeId);
  }
  const granted = new Set<number>();
  if (askRoles.size && roleIds.length) {
    const rows: Array<{ NodeId: number }> = await trx('role_grants as rg')
      .join('roles as r', 'r.RoleId', 'rg.RoleId')
      .whereIn('rg.RoleId', roleIds)
      .whereIn('rg.NodeId', [...askRoles])
      .where('r.IsActive', true)
      .where('rg.HasAccess', true)
      .distinct('rg.NodeId');
    rows.forEach((r) => granted.add(r.NodeId));
  }
  for (const e of meaningful) {
    const node = byId.get(e.Id);
    if (!node || node.IsRetired) {
      errors.push(permissionError(accessMessages.noSuchPermission(e.Id)));
      continue;
    }
    const label = node.Type === 'module' ? node.Label : `${node.ModuleLabel}: ${node.Label}`;
    if (!node.AllowUse) errors.push(permissionError(accessMessages.notChangeable(label)));
    else if (e.overrideViewAllRecords && e.ViewAllRecords && !(node.Type === 'module' && node.AllowViewAllRecords)) {
      errors.push(permissionError(accessMessages.noViewAllRecords(label)));
    } else if (node.Type !== 'module') {
      const moduleEntry = byEntry.get(node.ParentNodeId!);
      const moduleAccess = moduleEntry?.overrideHasAccess ? moduleEntry.HasAccess : granted.has(node.ParentNodeId!);
      if (!moduleAccess) errors.push(permissionError(accessMessages.moduleFirst(label, node.ModuleLabel)));
    }
  }
  if (errors.length) throw new HttpError(400, errors);
  return meaningful;
}

/**
 * Writes a user's roles and overrides in the save's transaction. Roles newly given must be active (and, in
 * self-registration, offered there); a role given, or held by a user made active again, must have a place left
 * under its UserCountLimit. A role the user already holds stays allowed when it has since been deactivated.
 */
export async function saveUserAccess(trx: Knex, change: AccessChange): Promise<void> {
  const { userId, roleIds, permissions, active, reactivated = false, selfRegistration = false } = change;
  const held = await roleIdsOf(trx, userId);
  const wanted = roleIds ? [...new Set(roleIds)].sort((a, b) => a - b) : held;
  const added = wanted.filter((id) => !held.includes(id));
  const taking = active ? (reactivated ? wanted : added) : [];
  const roles = await lockRoles(trx, [...new Set([...added, ...taking])]);
  const refused = added.filter((id) => {
    const role = roles.get(id);
    return !role || !role.IsActive || (selfRegistration && !role.IsAvailSelfReg);
  });
  if (refused.length) {
    throw new HttpError(400, refused.map((id) => roleError(selfRegistration ? accessMessages.notSelfRegistration(id) : accessMessages.noSuchRole(id))));
  }
  await requirePlaces(trx, userId, taking.map((id) => roles.get(id)).filter((r): r is RoleRow => Boolean(r)));
  const overrides = permissions && (await checkedPermissions(trx, permissions, wanted));

  if (roleIds) {
    const removed = held.filter((id) => !wanted.includes(id));
    if (removed.length) await trx('user_roles').where({ UserId: userId }).whereIn('RoleId', removed).delete();
    if (added.length) await trx('user_roles').insert(added.map((RoleId) => ({ UserId: userId, RoleId })));
  }
  if (overrides) {
    await trx('user_permissions').where({ UserId: userId }).delete();
    if (overrides.length) {
      await trx('user_permissions').insert(overrides.map((p) => ({
        UserId: userId,
        NodeId: p.Id,
        OverrideHasAccess: p.overrideHasAccess,
        HasAccess: p.overrideHasAccess && p.HasAccess,
        OverrideViewAllRecords: p.overrideViewAllRecords,
        ViewAllRecords: p.overrideViewAllRecords && p.ViewAllRecords,
        ReadOnly: p.overrideHasAccess && p.HasAccess && p.ReadOnly === true,
      })));
    }
  }
}
