import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';
import type { PermissionCategory, PermissionNode, PermissionTree, RolePermission, UserPermission } from '../../core/access/types.ts';

/**
 * The module access editor's rules (spec 3 "Roles" and "Permission node", spec 1 "Permission entry" and
 * "Permissions sent on save"), as pure functions over the contract of engine/core/access/types.ts.
 *
 * Role mode: the value is the role's grants (RolePermission[]). User mode: the tree's HasAccess and
 * ViewAllRecords are what the user's roles give, and the value is the user's overrides (UserPermission[]).
 * Whatever either mode emits is normalised here, so it never holds a child without its module.
 */

/** Which value the editor edits. */
export type ModuleAccessMode = 'role' | 'user';

/** The Id of the group that collects modules whose category is missing from the tree. */
export const OTHER_CATEGORY_ID = -1;

/** One module with its route nodes (actions) and field nodes, each list in display order. */
export interface ModuleEntry {
  module: PermissionNode;
  routes: PermissionNode[];
  fields: PermissionNode[];
  /** Routes then fields. */
  children: PermissionNode[];
  /** Category titles from the top down to the module's own category. */
  path: string[];
}

/** A category with its sub-categories and modules; only categories that list a module somewhere below are kept. */
export interface CategoryEntry {
  category: PermissionCategory;
  categories: CategoryEntry[];
  modules: ModuleEntry[];
  depth: number;
}

/** The permission tree arranged for display, with look-ups by Id. */
export interface AccessTree {
  categories: CategoryEntry[];
  /** Every module, in display order (category by category, depth first). */
  modules: ModuleEntry[];
  nodes: ReadonlyMap<number, PermissionNode>;
  /** The module entry of a module's Id. */
  moduleById: ReadonlyMap<number, ModuleEntry>;
}

const byOrderThenLabel = (a: PermissionNode, b: PermissionNode) =>
  a.SortOrder - b.SortOrder || a.Label.localeCompare(b.Label) || a.Id - b.Id;

const byDisplayOrder = (a: PermissionCategory, b: PermissionCategory) =>
  a.DisplayOrder - b.DisplayOrder || (a.Title || a.Name).localeCompare(b.Title || b.Name) || a.CategoryId - b.CategoryId;

/** A category's shown name: its Title, else its Name. */
export const categoryTitle = (c: PermissionCategory) => c.Title || c.Name;

/**
 * Arranges the tree: categories nested by ParentCategoryId in DisplayOrder (a category whose parent is
 * unknown, or that sits in a cycle, is placed at the top), modules under their category by SortOrder then
 * Label (modules with no known category last, under 'Other'), and route then field nodes under their module
 * (ParentId), each by SortOrder then Label. Children of an unknown module are dropped.
 */
export function buildAccessTree(tree: PermissionTree): AccessTree {
  const nodes = new Map(tree.Nodes.map((n) => [n.Id, n]));
  const known = new Map(tree.Categories.map((c) => [c.CategoryId, c]));
  const childrenOf = new Map<number, PermissionNode[]>();
  for (const n of tree.Nodes) {
    if (n.Type === 'module' || n.ParentId === null) continue;
    const list = childrenOf.get(n.ParentId) ?? [];
    list.push(n);
    childrenOf.set(n.ParentId, list);
  }
  const modulesIn = new Map<number, PermissionNode[]>();
  for (const n of tree.Nodes) {
    if (n.Type !== 'module') continue;
    const key = n.CategoryId !== null && known.has(n.CategoryId) ? n.CategoryId : OTHER_CATEGORY_ID;
    const list = modulesIn.get(key) ?? [];
    list.push(n);
    modulesIn.set(key, list);
  }
  const subOf = new Map<number | null, PermissionCategory[]>();
  // A parent that does not exist, or that would close a cycle, makes the category a top one.
  const isTop = (c: PermissionCategory) => {
    const seen = new Set<number>([c.CategoryId]);
    let parent = c.ParentCategoryId;
    while (parent !== null && known.has(parent)) {
      if (seen.has(parent)) return true;
      seen.add(parent);
      parent = known.get(parent)!.ParentCategoryId;
    }
    return c.ParentCategoryId === null || !known.has(c.ParentCategoryId);
  };
  for (const c of tree.Categories) {
    const parent = isTop(c) ? null : c.ParentCategoryId;
    const list = subOf.get(parent) ?? [];
    list.push(c);
    subOf.set(parent, list);
  }
  const moduleById = new Map<number, ModuleEntry>();
  const modules: ModuleEntry[] = [];
  const entryOf = (module: PermissionNode, path: string[]): ModuleEntry => {
    const children = [...(childrenOf.get(module.Id) ?? [])].sort(byOrderThenLabel);
    const routes = children.filter((c) => c.Type === 'route');
    const fields = children.filter((c) => c.Type !== 'route');
    const entry = { module, routes, fields, children: [...routes, ...fields], path };
    moduleById.set(module.Id, entry);
    modules.push(entry);
    return entry;
  };
  const visited = new Set<number>();
  const build = (category: PermissionCategory, depth: number, trail: string[]): CategoryEntry | null => {
    if (visited.has(category.CategoryId)) return null;
    visited.add(category.CategoryId);
    const path = [...trail, categoryTitle(category)];
    const own = [...(modulesIn.get(category.CategoryId) ?? [])].sort(byOrderThenLabel).map((m) => entryOf(m, path));
    const subs = [...(subOf.get(category.CategoryId) ?? [])].sort(byDisplayOrder)
      .map((c) => build(c, depth + 1, path)).filter((c): c is CategoryEntry => c !== null);
    return own.length || subs.length ? { category, categories: subs, modules: own, depth } : null;
  };
  const categories = [...(subOf.get(null) ?? [])].sort(byDisplayOrder)
    .map((c) => build(c, 0, [])).filter((c): c is CategoryEntry => c !== null);
  const other = modulesIn.get(OTHER_CATEGORY_ID);
  if (other?.length) {
    const category: PermissionCategory = { CategoryId: OTHER_CATEGORY_ID, ParentCategoryId: null, Name: 'Other', Title: 'Other', DisplayOrder: Number.MAX_SAFE_INTEGER };
    categories.push({ category, categories: [], modules: [...other].sort(byOrderThenLabel).map((m) => entryOf(m, ['Other'])), depth: 0 });
  }
  return { categories, modules, nodes, moduleById };
}

/** Every category Id of the arranged tree (what 'Expand All' opens). */
export function allCategoryIds(access: AccessTree): number[] {
  const ids: number[] = [];
  const walk = (list: CategoryEntry[]) => list.forEach((c) => { ids.push(c.category.CategoryId); walk(c.categories); });
  walk(access.categories);
  return ids;
}

/** The modules below a category, its sub-categories' included. */
export function modulesUnder(entry: CategoryEntry): ModuleEntry[] {
  return [...entry.modules, ...entry.categories.flatMap(modulesUnder)];
}

/** Module search: the modules whose Label or Name contains the text (case-insensitive), by Label; none for blank text. */
export function searchModules(access: AccessTree, text: string): ModuleEntry[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return access.modules
    .filter((e) => e.module.Label.toLowerCase().includes(needle) || e.module.Name.toLowerCase().includes(needle))
    .sort((a, b) => a.module.Label.localeCompare(b.module.Label) || a.module.Id - b.module.Id);
}

/** The module a node belongs to: itself for a module, its parent module for a route or field node. */
function parentModule(access: AccessTree, node: PermissionNode): PermissionNode | undefined {
  if (node.Type === 'module') return node;
  return node.ParentId === null ? undefined : access.nodes.get(node.ParentId);
}

// ---------------------------------------------------------------------------------------------------------------
// Role mode

/** A role's grants by node Id. */
export type RoleGrants = ReadonlyMap<number, RolePermission>;

/**
 * What the role holds: the value when the form has one (an array), else the tree's own HasAccess and
 * ViewAllRecords (the server's answer for the role, or for the role being copied).
 */
export function roleGrants(access: AccessTree, value: readonly RolePermission[] | null | undefined): RoleGrants {
  if (Array.isArray(value)) return new Map(value.filter((p) => p && p.HasAccess).map((p) => [p.Id, p]));
  return new Map([...access.nodes.values()].filter((n) => n.HasAccess)
    .map((n) => [n.Id, { Id: n.Id, HasAccess: true, ViewAllRecords: n.ViewAllRecords }]));
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
    if (g?.HasAccess) out.push({ Id: node.Id, HasAccess: true, ViewAllRecords: node.AllowViewAllRecords && g.ViewAllRecords === true });
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

// ---------------------------------------------------------------------------------------------------------------
// User mode

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
  return { inheritedAccess, inheritedViewAll, overrideAccess, overrideViewAll, access, viewAllOffered, viewAll };
}

/** The effective access of a node (false for an unknown Id). */
export function effectiveAccess(access: AccessTree, overrides: UserOverrides, id: number): boolean {
  const node = access.nodes.get(id);
  return node ? userNodeState(node, overrides.get(id)).access : false;
}

/** What one user-mode control changes. */
export type UserOverrideChange = Partial<Pick<UserPermission, 'overrideHasAccess' | 'HasAccess' | 'overrideViewAllRecords' | 'ViewAllRecords'>>;

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
    next.overrideHasAccess = change.overrideHasAccess;
  }
  if (change.HasAccess !== undefined && next.overrideHasAccess) next.HasAccess = change.HasAccess;
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
      if (c.access !== c.inheritedAccess) {
        out.push({ Id: child.Id, overrideHasAccess: true, HasAccess: c.access, overrideViewAllRecords: false, ViewAllRecords: c.inheritedViewAll });
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Shared

/** Whether a module's route and field nodes are shown: only while the module has (effective) access. */
export function childrenShown(mode: ModuleAccessMode, access: AccessTree, state: RoleGrants | UserOverrides, moduleId: number): boolean {
  if (mode === 'role') return (state as RoleGrants).get(moduleId)?.HasAccess === true;
  return effectiveAccess(access, state as UserOverrides, moduleId);
}

/** The role Ids of a roles field's value: plain Ids or `{Id}` records; positive, unique, ascending. */
export function roleIdsOf(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids = value.map((v) => Number(typeof v === 'object' && v !== null ? (v as { Id?: unknown }).Id : v))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Two payloads hold the same entries in the same order (whatever the order of each entry's keys). */
export function samePermissions(a: readonly object[] | null | undefined, b: readonly object[] | null | undefined): boolean {
  const canonical = (list: readonly object[] | null | undefined) => JSON.stringify(list?.map((e) => Object.entries(e ?? {}).sort(([x], [y]) => x.localeCompare(y))) ?? null);
  return canonical(a) === canonical(b);
}

/**
 * The field's rule: a required role needs at least one node granted. A user's overrides are never required
 * (no overrides means exactly what the roles give). Whether the entries fit the tree, a child with its module
 * above all, is the server's check against its own tree.
 */
export const moduleAccessRule: WidgetRule<Array<Partial<RolePermission>> | undefined, { mode?: ModuleAccessMode }> = (value, { label, required, options }) =>
  required && options.mode !== 'user' && !(Array.isArray(value) && value.some((p) => p?.HasAccess === true)) ? [message('required', [label])] : [];
