import type { FastifyInstance } from 'fastify';

/** The fields of a user create form for a person called `name` (UserName is the name in lower case). */
export const person = (name: string) => ({
  FirstName: name, LastName: `${name}son`, EmailAddress: `${name.toLowerCase()}@example.org`,
  ConfirmEmailAddress: `${name.toLowerCase()}@example.org`, UserName: name.toLowerCase(),
});

/** The node's id: a module by name, or a route or field node under it. */
export async function nodeId(app: FastifyInstance, moduleName: string, child?: { type: 'route' | 'field'; name: string }): Promise<number> {
  const module = await app.db('permission_nodes').where({ Type: 'module', Name: moduleName }).first('NodeId');
  if (!child) return module.NodeId;
  const node = await app.db('permission_nodes').where({ ParentNodeId: module.NodeId, Type: child.type, Name: child.name }).first('NodeId');
  return node.NodeId;
}

/** A role granting only the given nodes (no module unless named). */
export async function grantNodes(app: FastifyInstance, RoleId: number, nodeIds: number[], ViewAllRecords = false): Promise<void> {
  await app.db('role_permissions').insert(nodeIds.map((NodeId) => ({ RoleId, NodeId, HasAccess: true, ViewAllRecords })));
}

/** Takes one route or field node of a module from a role: the role keeps the module and every other node. */
export async function revokeNode(app: FastifyInstance, RoleId: number, moduleName: string, child: { type: 'route' | 'field'; name: string }): Promise<void> {
  await app.db('role_permissions').where({ RoleId, NodeId: await nodeId(app, moduleName, child) }).delete();
}

/** A user's override of one node's access (and optionally of View All Records); null leaves that part to the roles. */
export async function override(app: FastifyInstance, UserId: number, NodeId: number, HasAccess: boolean | null, ViewAllRecords: boolean | null = null): Promise<void> {
  await app.db('user_permissions').insert({
    UserId, NodeId,
    OverrideHasAccess: HasAccess !== null, HasAccess: HasAccess ?? false,
    OverrideViewAllRecords: ViewAllRecords !== null, ViewAllRecords: ViewAllRecords ?? false,
  });
}
