import type { PermissionNode, RolePermission } from '../../core/access/types.ts';
import { parentModule, type AccessTree } from './logic.ts';

/** The module access editor's role mode: the value is the role's grants (see logic.ts). */

/** A role's grants by node Id. */
export type RoleGrants = ReadonlyMap<number, RolePermission>;

/**
 * What the role holds: the value when the form has one (an array), else the tree's own HasAccess and
 * ViewAllRecords (the server's answer for the role, or for the role being copied).
 */
export function roleGrants(access: AccessTree, value: readonly RolePermission[] | null | undefined): RoleGrants {
  if (Array.isArray(value)) return new Map(value.filter((p) => p && p.HasAccess).map((p) => [p.Id, p]));
  return new Map([...access.nodes.values()].filter((n) => n.HasAccess)
    .map((n) => [n.Id, { Id: n.Id, HasAccess: true, ViewAllRecords: n.ViewAllRecords, ...(n.ReadOnly ? { ReadOnly: true } : {}) }]));
}

/**
 * The role's grants as a save sends them: only nodes of the tree that have access, in display order; a
 * route or field node only when its module has access ("Unchecked modules carry no permissions"); and
 * ViewAllRecords only where AllowViewAllRecords.
 */
export function rolePayload(access: AccessTree, grants: RoleGrants): RolePermission[] {
  const out: RolePermission[] = [];
  const push = (node: PermissionNode) => {
    const g = grants.get(node.Id);
    if (!g?.HasAccess) return;
    const readOnly = node.Type === 'field' && g.ReadOnly === true;
    out.push({ Id: node.Id, HasAccess: true, ViewAllRecords: node.AllowViewAllRecords && g.ViewAllRecords === true, ...(readOnly ? { ReadOnly: true } : {}) });
  };
  for (const entry of access.modules) {
    if (!grants.get(entry.module.Id)?.HasAccess) continue;
    push(entry.module);
    entry.children.forEach(push);
  }
  return out;
}

/**
 * Ticks or unticks a node's access and answers the payload. Unticking a module clears its children (and its
 * View All Records); ticking a child whose module has no access grants the module too. A node whose AllowUse
 * is false is not changed.
 */
export function toggleRoleAccess(access: AccessTree, grants: RoleGrants, id: number, hasAccess: boolean): RolePermission[] {
  const node = access.nodes.get(id);
  if (!node || !node.AllowUse) return rolePayload(access, grants);
  const next = new Map(grants);
  if (!hasAccess) {
    next.delete(id);
    if (node.Type === 'module') access.moduleById.get(id)?.children.forEach((c) => next.delete(c.Id));
    return rolePayload(access, next);
  }
  const module = parentModule(access, node);
  if (!module) return rolePayload(access, grants);
  if (module.Id !== id && !next.get(module.Id)?.HasAccess) {
    if (!module.AllowUse) return rolePayload(access, grants);
    next.set(module.Id, { Id: module.Id, HasAccess: true, ViewAllRecords: false });
  }
  next.set(id, { Id: id, HasAccess: true, ViewAllRecords: next.get(id)?.ViewAllRecords ?? false });
  // A module newly granted comes with its actions and fields, as a user of it would expect; any can then be taken away.
  if (node.Type === 'module' && !grants.get(id)?.HasAccess) {
    access.moduleById.get(id)?.children.filter((c) => c.AllowUse).forEach((c) => next.set(c.Id, { Id: c.Id, HasAccess: true, ViewAllRecords: false }));
  }
  return rolePayload(access, next);
}

/** Sets a module's View All Records and answers the payload: only where offered and the module has access. */
export function setRoleViewAllRecords(access: AccessTree, grants: RoleGrants, id: number, on: boolean): RolePermission[] {
  const node = access.nodes.get(id);
  const grant = grants.get(id);
  if (!node || !node.AllowUse || !node.AllowViewAllRecords || !grant?.HasAccess) return rolePayload(access, grants);
  return rolePayload(access, new Map(grants).set(id, { ...grant, ViewAllRecords: on }));
}


/** Sets a field's level (read-only or editable) and answers the payload: only for a field the role grants. */
export function setRoleReadOnly(access: AccessTree, grants: RoleGrants, id: number, on: boolean): RolePermission[] {
  const node = access.nodes.get(id);
  const grant = grants.get(id);
  if (!node || !node.AllowUse || node.Type !== 'field' || !grant?.HasAccess) return rolePayload(access, grants);
  return rolePayload(access, new Map(grants).set(id, { ...grant, ReadOnly: on }));
}
