import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { PermissionCategory, PermissionNode, PermissionTree, RolePermission } from '../../../engine/core/access/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nodeFacts, repeatedIds, type NodeFacts } from '../access/node-facts.ts';

/** Role 1, the default system administrator role: it holds every node without rows (the role_grants view). */
export const systemRoleId = 1;

/**
 * Every node the editor shows (retired ones left out), with the access `grants` gives each: a derived table of
 * (node_id, has_access, view_all_records, read_only), at most one row per node. 'View All Records' is offered, and
 * reported, only on a module whose module allows it.
 */
async function treeWith(db: Knex, grants: Knex.Raw): Promise<PermissionTree> {
  const categories: PermissionCategory[] = await db('permission_categories')
    .select('CategoryId', 'ParentCategoryId', 'Name', 'Title', 'DisplayOrder')
    .orderBy([{ column: 'DisplayOrder' }, { column: 'CategoryId' }]);
  const { rows } = await db.raw(`select n.node_id as id, n.type, n.name, n.label,
      coalesce(n.parent_node_id, n.node_id) as module_id, n.parent_node_id as parent_id,
      case when n.type = 'module' then m.category_id end as category_id,
      n.sort_order, n.allow_use,
      (n.type = 'module' and m.allow_view_all_records) as allow_view_all_records,
      coalesce(g.has_access, false) as has_access,
      (n.type = 'module' and m.allow_view_all_records and coalesce(g.has_access and g.view_all_records, false)) as view_all_records,
      (n.type = 'field' and coalesce(g.has_access and g.read_only, false)) as read_only
    from permission_nodes n
    join modules m on m.module_id = n.module_id
    left join (?) g on g.node_id = n.node_id
    where not n.is_retired
    order by coalesce(n.parent_node_id, n.node_id), n.parent_node_id nulls first, n.sort_order, n.node_id`, [grants]);
  return { Categories: categories, Nodes: rows as PermissionNode[] };
}

/** One role's grants as a derived table (role 1: every node). */
const roleGrantsOf = (db: Knex, roleId: number) =>
  db.raw('select node_id, has_access, view_all_records, read_only from role_grants where role_id = ?', [roleId]);

/** The permission tree with a role's grants (none for a role that does not exist, e.g. 0 for a new one). */
export function roleTree(db: Knex, roleId: number | undefined): Promise<PermissionTree> {
  return treeWith(db, roleGrantsOf(db, roleId ?? 0));
}

/** The permission tree with what the active ones of these roles give together (role 1: everything; no roles: nothing). */
export function rolesTree(db: Knex, roleIds: number[]): Promise<PermissionTree> {
  // Read-only only when no role gives the field editable: the most a role gives wins, as in user_node_access.
  return treeWith(db, db.raw(`select g.node_id, bool_or(g.has_access) as has_access, bool_or(g.has_access and g.view_all_records) as view_all_records,
      bool_or(g.has_access) and not bool_or(g.has_access and not g.read_only) as read_only
    from role_grants g join roles r on r.role_id = g.role_id and r.is_active
    where g.role_id = any(?::integer[])
    group by g.node_id`, [roleIds]));
}

/** A role's Permissions as a read answers them: the nodes it grants that the editor shows, in the tree's order. */
export async function rolePermissions(db: Knex, roleId: number): Promise<RolePermission[]> {
  const { Nodes } = await roleTree(db, roleId);
  return Nodes.filter((n) => n.HasAccess).map((n) => ({ Id: n.Id, HasAccess: true, ViewAllRecords: n.ViewAllRecords, ...(n.ReadOnly ? { ReadOnly: true } : {}) }));
}

const problem = (ErrorMessage: string, ErrorCode: string): ErrorItem => ({ PropertyName: 'Permissions', ErrorMessage, ErrorCode });

/**
 * What is wrong with a role's permission payload, each with a clear message: a node sent twice, a node that
 * does not exist, one no longer in use (retired), one that cannot be granted (AllowUse false), a route or field
 * node without its module granted in the same payload, and 'View All Records' where it is not offered (any
 * node but a module whose module allows it). Entries without access grant nothing and are not checked further.
 */
export async function permissionProblems(db: Knex, permissions: RolePermission[]): Promise<ErrorItem[]> {
  const problems: ErrorItem[] = repeatedIds(permissions).map((id) => problem(`The permission node ${id} is sent more than once.`, 'DuplicateNode'));
  const ids = [...new Set(permissions.map((p) => p.Id))];
  const byId = await nodeFacts(db, ids);
  const granted = new Set(permissions.filter((p) => p.HasAccess).map((p) => p.Id));
  const named = (f: NodeFacts) => (f.Type === 'module' ? `'${f.Label}'` : `'${f.ModuleLabel}: ${f.Label}'`);
  for (const id of ids) {
    const p = permissions.find((x) => x.Id === id)!;
    const f = byId.get(id);
    if (!f) {
      problems.push(problem(`The permission node ${id} does not exist.`, 'UnknownNode'));
      continue;
    }
    if (!p.HasAccess) continue;
    if (f.IsRetired) problems.push(problem(`The permission node ${named(f)} is no longer in use and cannot be granted.`, 'RetiredNode'));
    else if (!f.AllowUse) problems.push(problem(`The permission node ${named(f)} cannot be granted.`, 'NodeNotAllowed'));
    if (f.ParentNodeId !== null && !granted.has(f.ParentNodeId)) {
      problems.push(problem(`${named(f)} is granted without its module '${f.ModuleLabel}': grant the module as well.`, 'ChildWithoutModule'));
    }
    if (p.ViewAllRecords && !(f.Type === 'module' && f.AllowViewAllRecords)) {
      problems.push(problem(`'View All Records' is not offered for ${named(f)}.`, 'ViewAllRecordsNotAllowed'));
    }
    if (p.ReadOnly && f.Type !== 'field') problems.push(problem(`Only a field can be granted read-only, not ${named(f)}.`, 'ReadOnlyNotAllowed'));
  }
  return problems;
}

/**
 * Replaces a role's grants with the payload, in the caller's transaction, after checking it (400 with every
 * problem, so the transaction writes nothing). Grants of retired nodes are kept: the editor does not show them.
 */
export async function saveRolePermissions(trx: Knex, roleId: number, permissions: RolePermission[]): Promise<void> {
  const problems = await permissionProblems(trx, permissions);
  if (problems.length) throw new HttpError(400, problems);
  await trx('role_permissions').where({ RoleId: roleId })
    .whereIn('NodeId', trx('permission_nodes').where({ IsRetired: false }).select('NodeId'))
    .delete();
  const rows = permissions.filter((p) => p.HasAccess).map((p) => ({ RoleId: roleId, NodeId: p.Id, HasAccess: true, ViewAllRecords: p.ViewAllRecords, ReadOnly: p.ReadOnly === true }));
  if (rows.length) await trx('role_permissions').insert(rows);
}

/** How many users hold a role (active or not: a deactivated user keeps the role and may come back). */
export async function roleUserCount(db: Knex, roleId: number): Promise<number> {
  const row = await db('user_roles').where({ RoleId: roleId }).count<{ Count: string | number }>({ Count: '*' }).first();
  return Number(row?.Count ?? 0);
}
