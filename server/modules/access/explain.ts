import type { Knex } from 'knex';

/**
 * 'Explain access' (issue 11): for a user and a module, or a route or field node under it, whether access is
 * granted and the chain that decided it. The chain is read from the same tables the evaluator reads
 * (role_grants, roles.is_active, user_permissions, modules.allow_view_all_records) and follows the evaluator's
 * rules step by step (effective-access.ts, user_node_access in migration 070):
 *   - the master user holds every node of a module that exists;
 *   - a node's roles' answer: any active role of the user granting it (role 1 grants every node);
 *   - the user's override, where it overrides access, replaces the roles' answer (so it can deny a role's grant);
 *   - a route or field node counts only under its module, which the user must hold;
 *   - 'View All Records': the master, a module that does not offer it, or the node's answer for it.
 * test/server/explain-access.test.ts checks that its answer is the evaluator's for every combination it builds.
 */

export type ExplainStep = 'Module' | 'Master' | 'Role' | 'Override' | 'ModuleRequired' | 'Node' | 'ViewAllRecords';

export interface ExplainLink {
  Step: ExplainStep;
  /** The node the step is about: the module's name, or the route or field node's name. */
  Node: string;
  Detail: string;
  /** Whether this step grants (for Role and Override: its own answer; for ModuleRequired: the module is held). */
  Granted: boolean;
}

export interface Explanation {
  Granted: boolean;
  Chain: ExplainLink[];
}

export interface ExplainTarget {
  moduleName: string;
  routeName?: string;
  fieldName?: string;
}

interface NodeRow {
  NodeId: number;
  Name: string;
  Label: string;
  Type: 'module' | 'route' | 'field';
  IsRetired: boolean;
  AllowViewAllRecords: boolean | null;
}

/**
 * The module node and, if asked, the live (not retired) route or field node of that name under it. A child node
 * that is retired counts as absent, as the evaluator enforces retired nodes nowhere.
 */
export async function nodesOf(db: Knex, moduleName: string, child?: { type: 'route' | 'field'; name: string }): Promise<{ module: NodeRow | null; child: NodeRow | null }> {
  const { rows } = await db.raw(`select n.node_id, n.name, n.label, n.type, n.is_retired, m.allow_view_all_records
    from permission_nodes n join modules m on m.module_id = n.module_id
    where n.type = 'module' and n.name = ?
    union all
    select c.node_id, c.name, c.label, c.type, c.is_retired, null
    from permission_nodes mn join permission_nodes c on c.parent_node_id = mn.node_id
    where mn.type = 'module' and mn.name = ? and c.type = ? and c.name = ? and not c.is_retired`,
  [moduleName, moduleName, child?.type ?? null, child?.name ?? null]);
  const all = rows as NodeRow[];
  return { module: all.find((r) => r.Type === 'module') ?? null, child: all.find((r) => r.Type !== 'module') ?? null };
}

interface RoleGrantRow {
  RoleId: number;
  Name: string;
  IsActive: boolean;
  NodeId: number | null;
  HasAccess: boolean | null;
  ViewAllRecords: boolean | null;
}

interface OverrideRow {
  NodeId: number;
  OverrideHasAccess: boolean;
  HasAccess: boolean;
  OverrideViewAllRecords: boolean;
  ViewAllRecords: boolean;
}

interface NodeAnswer {
  hasAccess: boolean;
  viewAllRecords: boolean;
  links: ExplainLink[];
}

const kindOf = (node: NodeRow) => (node.Type === 'module' ? `module ${node.Label} (${node.Name})` : `${node.Type} node ${node.Name}`);

/** One node as user_node_access answers it: the user's active roles, then the user's override. */
function explainNode(node: NodeRow, userName: string, roles: Map<number, { name: string; isActive: boolean }>, grants: RoleGrantRow[], override: OverrideRow | undefined): NodeAnswer {
  const links: ExplainLink[] = [];
  let rolesGrant = false;
  let rolesViewAll = false;
  for (const [roleId, role] of roles) {
    const grant = grants.find((g) => g.RoleId === roleId && g.NodeId === node.NodeId);
    const name = `Role '${role.name}'${roleId === 1 ? ' (role 1, which holds every node)' : ''}`;
    if (!role.isActive) {
      links.push({ Step: 'Role', Node: node.Name, Detail: `${name} is inactive and gives nothing.`, Granted: false });
      continue;
    }
    const grants_ = Boolean(grant?.HasAccess);
    const viewAll = grants_ && Boolean(grant?.ViewAllRecords);
    rolesGrant ||= grants_;
    rolesViewAll ||= viewAll;
    const detail = grants_
      ? `${name} grants the ${kindOf(node)}${node.Type === 'module' && viewAll ? ' with View All Records' : ''}.`
      : `${name} does not grant the ${kindOf(node)}.`;
    links.push({ Step: 'Role', Node: node.Name, Detail: detail, Granted: grants_ });
  }
  if (!roles.size) links.push({ Step: 'Role', Node: node.Name, Detail: `${userName} holds no role.`, Granted: false });
  let hasAccess = rolesGrant;
  if (override?.OverrideHasAccess) {
    hasAccess = override.HasAccess;
    links.push({
      Step: 'Override', Node: node.Name, Granted: override.HasAccess,
      Detail: `${userName}'s override ${override.HasAccess ? 'grants' : 'denies'} the ${kindOf(node)}, whatever the roles give${override.HasAccess === rolesGrant ? ' (the same answer as the roles)' : ''}.`,
    });
  }
  const viewAllRecords = override?.OverrideViewAllRecords ? override.ViewAllRecords : rolesViewAll;
  return { hasAccess, viewAllRecords, links };
}

/**
 * Explains the access of one user to a module, or to a route or field node under it. Null when the user does
 * not exist. Route: a module without a live node of that name answers by the module (as module-button access
 * does). Field: without a live node the field is not masked, so granted (as module-field access answers).
 */
export async function explainAccess(db: Knex, userId: number, target: ExplainTarget): Promise<Explanation | null> {
  const user: { UserId: number; UserName: string; IsMaster: boolean } | undefined = await db('users').where({ UserId: userId }).first('UserId', 'UserName', 'IsMaster');
  if (!user) return null;
  const childAsked = target.routeName !== undefined ? { type: 'route' as const, name: target.routeName }
    : target.fieldName !== undefined ? { type: 'field' as const, name: target.fieldName } : undefined;
  const { module, child } = await nodesOf(db, target.moduleName, childAsked);
  if (!module) {
    return { Granted: false, Chain: [{ Step: 'Module', Node: target.moduleName, Detail: `There is no module named ${target.moduleName}: nobody holds it.`, Granted: false }] };
  }
  const chain: ExplainLink[] = [];
  const missingChild = childAsked && !child
    ? { Step: 'Node' as const, Node: childAsked.name, Detail: `Module ${module.Name} has no ${childAsked.type} node ${childAsked.name}: `
      + (childAsked.type === 'route' ? 'the module alone decides.' : 'the field is not masked for anyone.'), Granted: true }
    : null;

  if (user.IsMaster) {
    chain.push({ Step: 'Master', Node: module.Name, Detail: `${user.UserName} is the master user, who holds every node.`, Granted: true });
    if (missingChild) chain.push(missingChild);
    return { Granted: true, Chain: chain };
  }
  chain.push({ Step: 'Master', Node: module.Name, Detail: `${user.UserName} is not the master user.`, Granted: false });

  const nodeIds = [module.NodeId, ...(child ? [child.NodeId] : [])];
  const [{ rows: grantRows }, overrides] = await Promise.all([
    db.raw(`select r.role_id, r.name, r.is_active, rg.node_id, rg.has_access, rg.view_all_records
      from user_roles ur join roles r on r.role_id = ur.role_id
      left join role_grants rg on rg.role_id = r.role_id and rg.node_id = any(?::integer[])
      where ur.user_id = ? order by r.role_id`, [nodeIds, userId]),
    db('user_permissions').where({ UserId: userId }).whereIn('NodeId', nodeIds)
      .select('NodeId', 'OverrideHasAccess', 'HasAccess', 'OverrideViewAllRecords', 'ViewAllRecords') as Promise<OverrideRow[]>,
  ]);
  const grants = grantRows as RoleGrantRow[];
  const roles = new Map(grants.map((g) => [g.RoleId, { name: g.Name, isActive: g.IsActive }]));
  const overrideOf = (node: NodeRow) => overrides.find((o) => o.NodeId === node.NodeId);

  const moduleAnswer = explainNode(module, user.UserName, roles, grants, overrideOf(module));
  chain.push(...moduleAnswer.links);
  const holdsModule = moduleAnswer.hasAccess;

  if (!childAsked) {
    const override = overrideOf(module);
    const viewAll = !module.AllowViewAllRecords || moduleAnswer.viewAllRecords;
    const detail = !module.AllowViewAllRecords ? `Module ${module.Name} does not offer View All Records: its holders see every record.`
      : override?.OverrideViewAllRecords ? `${user.UserName}'s override ${override.ViewAllRecords ? 'gives' : 'withholds'} View All Records${override.ViewAllRecords ? '' : ': own records only'}.`
        : moduleAnswer.viewAllRecords ? 'An active role gives View All Records.' : 'No active role gives View All Records: own records only.';
    chain.push({ Step: 'ViewAllRecords', Node: module.Name, Detail: detail, Granted: viewAll });
    return { Granted: holdsModule, Chain: chain };
  }

  if (!child) {
    chain.push(missingChild!);
    // A field without a node is never masked; a route without a node needs only the module.
    return { Granted: childAsked.type === 'field' ? true : holdsModule, Chain: chain };
  }
  const childAnswer = explainNode(child, user.UserName, roles, grants, overrideOf(child));
  chain.push(...childAnswer.links);
  chain.push({
    Step: 'ModuleRequired', Node: child.Name, Granted: holdsModule,
    Detail: `The ${child.Type} node ${child.Name} counts only under its module ${module.Name}, which ${user.UserName} ${holdsModule ? 'holds' : 'does not hold'}.`,
  });
  return { Granted: holdsModule && childAnswer.hasAccess, Chain: chain };
}
