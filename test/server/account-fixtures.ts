import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../server/lib/password.ts';

export interface NewUser {
  UserName: string;
  EmailAddress?: string;
  Password?: string;
  IsVerified?: boolean;
  IsActive?: boolean;
  MustChangePassword?: boolean;
  RoleIds?: number[];
}

/** Inserts a user straight into the database (the users module's create call is not needed to test accounts). */
export async function addUser(app: FastifyInstance, user: NewUser): Promise<number> {
  const [{ UserId }] = await app.db('users')
    .insert({
      UserName: user.UserName,
      FirstName: `First${user.UserName}`,
      LastName: `Last${user.UserName}`,
      EmailAddress: user.EmailAddress ?? `${user.UserName}@example.org`,
      PasswordHash: user.Password ? await hashPassword(user.Password) : null,
      IsVerified: user.IsVerified ?? true,
      IsActive: user.IsActive ?? true,
      MustChangePassword: user.MustChangePassword ?? false,
    })
    .returning('UserId');
  if (user.RoleIds?.length) await app.db('user_roles').insert(user.RoleIds.map((RoleId) => ({ UserId, RoleId })));
  return UserId as number;
}

/** A role with no modules, optionally limited to a number of concurrent users. */
export async function addRole(app: FastifyInstance, Name: string, MaxNumberOfConcurrentUsers = 0): Promise<number> {
  const [{ RoleId }] = await app.db('roles').insert({ Name, MaxNumberOfConcurrentUsers }).returning('RoleId');
  return RoleId as number;
}

/** Gives a role a module by name, with every route and field node under it (and View All Records if asked). */
export async function grantModule(app: FastifyInstance, RoleId: number, moduleName: string, ViewAllRecords = false): Promise<void> {
  const { NodeId } = await app.db('permission_nodes').where({ Name: moduleName, Type: 'module' }).first('NodeId');
  const children: Array<{ NodeId: number }> = await app.db('permission_nodes').where({ ParentNodeId: NodeId }).select('NodeId');
  await app.db('role_permissions').insert([
    { RoleId, NodeId, HasAccess: true, ViewAllRecords },
    ...children.map((c) => ({ RoleId, NodeId: c.NodeId, HasAccess: true })),
  ]);
}

export function signInBody(UserName: string, Password: string) {
  return { method: 'POST' as const, url: '/api/Authenticate/SignIn', payload: { UserName, Password } };
}

/** Sleeps; session and key expiry are tested with durations of a second or two. */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
