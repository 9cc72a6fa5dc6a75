import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';
import type { PermissionCategory, PermissionNode, PermissionTree, RolePermission } from '../../core/access/types.ts';
import { effectiveAccess, type UserOverrides } from './user-mode.ts';
import type { RoleGrants } from './role-mode.ts';

export * from './role-mode.ts';
export * from './user-mode.ts';

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
export function parentModule(access: AccessTree, node: PermissionNode): PermissionNode | undefined {
  if (node.Type === 'module') return node;
  return node.ParentId === null ? undefined : access.nodes.get(node.ParentId);
}


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
