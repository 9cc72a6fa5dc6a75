import type { Knex } from 'knex';

/** Module names the user reaches through active roles; a master user reaches every module. */
export async function modulesOf(db: Knex, user: { UserId: number; IsMaster: boolean }): Promise<Set<string>> {
  if (user.IsMaster) {
    const rows: Array<{ Name: string }> = await db('modules').select('Name');
    return new Set(rows.map((r) => r.Name));
  }
  const rows: Array<{ Name: string }> = await db('user_roles as ur')
    .join('roles as r', 'r.RoleId', 'ur.RoleId')
    .join('role_modules as rm', 'rm.RoleId', 'r.RoleId')
    .join('modules as m', 'm.ModuleId', 'rm.ModuleId')
    .where({ 'ur.UserId': user.UserId, 'r.IsActive': true, 'rm.HasAccess': true })
    .distinct('m.Name');
  return new Set(rows.map((r) => r.Name));
}

export async function hasModuleAccess(db: Knex, user: { UserId: number; IsMaster: boolean }, moduleName: string): Promise<boolean> {
  return (await modulesOf(db, user)).has(moduleName);
}
