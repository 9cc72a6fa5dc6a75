import type { PermissionNode, UserPermission } from '../../core/access/types.ts';
import type { AccessTree } from './logic.ts';

/**
 * The module access editor's user mode: the tree's HasAccess, ViewAllRecords and ReadOnly are what the user's roles
 * give, and the value is the user's overrides (see logic.ts).
 */

/** A user's overrides by node Id: the editor's draft, which may hold overrides that change nothing. */
export type UserOverrides = ReadonlyMap<number, UserPermission>;

/** The overrides of a value (anything not an array is none). */
export function userOverrides(value: readonly UserPermission[] | null | undefined): UserOverrides {
  return new Map((Array.isArray(value) ? value : []).filter((p) => p && typeof p.Id === 'number').map((p) => [p.Id, p]));
}

/** One node as user mode shows it. */
export interface UserNodeState {
  /** What the user's roles give (read-only). */
  inheritedAccess: boolean;
  inheritedViewAll: boolean;
  overrideAccess: boolean;
  overrideViewAll: boolean;
  /** A field's level from the roles, and the effective one (the user's own while access is overridden). */
  inheritedReadOnly: boolean;
  readOnly: boolean;
  /** The effective access: the user's own when overridden, else the roles'. */
  access: boolean;
  /** 'View All Records' is offered (UserAllowUseViewAllRecords): AllowViewAllRecords and the effective access. */
  viewAllOffered: boolean;
  viewAll: boolean;
}

/** A node's inherited and effective values under the user's override. */
export function userNodeState(node: PermissionNode, override: UserPermission | undefined): UserNodeState {
  const inheritedAccess = node.HasAccess;
  const inheritedViewAll = node.HasAccess && node.ViewAllRecords;
  const overrideAccess = override?.overrideHasAccess === true;
  const access = overrideAccess ? override!.HasAccess === true : inheritedAccess;
  const viewAllOffered = node.AllowViewAllRecords && access;
  const overrideViewAll = viewAllOffered && override?.overrideViewAllRecords === true;
  const viewAll = access && (overrideViewAll ? override!.ViewAllRecords === true : inheritedViewAll);
  const inheritedReadOnly = node.Type === 'field' && inheritedAccess && node.ReadOnly === true;
  const readOnly = node.Type === 'field' && access && (overrideAccess ? override!.ReadOnly === true : inheritedReadOnly);
  return { inheritedAccess, inheritedViewAll, overrideAccess, overrideViewAll, access, viewAllOffered, viewAll, inheritedReadOnly, readOnly };
}

/** The effective access of a node (false for an unknown Id). */
export function effectiveAccess(access: AccessTree, overrides: UserOverrides, id: number): boolean {
  const node = access.nodes.get(id);
  return node ? userNodeState(node, overrides.get(id)).access : false;
}

/** What one user-mode control changes. */
export type UserOverrideChange = Partial<Pick<UserPermission, 'overrideHasAccess' | 'HasAccess' | 'overrideViewAllRecords' | 'ViewAllRecords' | 'ReadOnly'>>;

/**
 * Applies a change to a node's override and answers the new draft. Ticking an override starts the user's
 * own setting at what the roles give, so nothing changes until that setting is changed; the own settings
 * change only while overridden; a node whose AllowUse is false is not changed, nor View All Records where
 * it is not offered.
 */
export function changeUserOverride(access: AccessTree, overrides: UserOverrides, id: number, change: UserOverrideChange): UserOverrides {
  const node = access.nodes.get(id);
  if (!node || !node.AllowUse) return overrides;
  const before = overrides.get(id);
  const state = userNodeState(node, before);
  const next: UserPermission = before ? { ...before } : {
    Id: id, overrideHasAccess: false, HasAccess: state.inheritedAccess, overrideViewAllRecords: false, ViewAllRecords: state.inheritedViewAll,
  };
  if (change.overrideHasAccess !== undefined) {
    if (change.overrideHasAccess && !next.overrideHasAccess) next.HasAccess = state.inheritedAccess;
    if (change.overrideHasAccess && !next.overrideHasAccess && state.inheritedReadOnly) next.ReadOnly = true;
    next.overrideHasAccess = change.overrideHasAccess;
  }
  if (change.HasAccess !== undefined && next.overrideHasAccess) next.HasAccess = change.HasAccess;
  if (change.ReadOnly !== undefined && next.overrideHasAccess && node.Type === 'field') next.ReadOnly = change.ReadOnly;
  const offered = userNodeState(node, next).viewAllOffered;
  if (change.overrideViewAllRecords !== undefined && offered) {
    if (change.overrideViewAllRecords && !next.overrideViewAllRecords) next.ViewAllRecords = state.inheritedViewAll;
    next.overrideViewAllRecords = change.overrideViewAllRecords;
  }
  if (change.ViewAllRecords !== undefined && offered && next.overrideViewAllRecords) next.ViewAllRecords = change.ViewAllRecords;
  return new Map(overrides).set(id, next);
}

/**
 * The user's overrides as a save sends them (spec 1 "Permissions sent on save"): only entries that differ
 * from what the roles give. A module when its effective HasAccess or ViewAllRecords differs; a route or
 * field node (the spec's types 1 and 2) only when its module's effective access is granted and its own
 * access differs. Each entry's override flags say which of the two differ, and its values are the effective
 * ones, so an override can deny what a role grants.
 */
export function userPayload(access: AccessTree, overrides: UserOverrides): UserPermission[] {
  const out: UserPermission[] = [];
  for (const entry of access.modules) {
    const m = userNodeState(entry.module, overrides.get(entry.module.Id));
    const accessDiffers = m.access !== m.inheritedAccess;
    const viewAllDiffers = m.viewAll !== m.inheritedViewAll;
    if (accessDiffers || viewAllDiffers) {
      out.push({ Id: entry.module.Id, overrideHasAccess: accessDiffers, HasAccess: m.access, overrideViewAllRecords: viewAllDiffers, ViewAllRecords: m.viewAll });
    }
    if (!m.access) continue;
    for (const child of entry.children) {
      const c = userNodeState(child, overrides.get(child.Id));
      if (c.access !== c.inheritedAccess || c.readOnly !== c.inheritedReadOnly) {
        out.push({
          Id: child.Id, overrideHasAccess: true, HasAccess: c.access, overrideViewAllRecords: false, ViewAllRecords: c.inheritedViewAll, ...(c.readOnly ? { ReadOnly: true } : {}),
        });
      }
    }
  }
  return out;
}

