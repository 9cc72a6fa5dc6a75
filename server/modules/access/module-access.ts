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

/**
 * SQL deciding, inside another query, whether the user in `userIdColumn` holds the module: a master user
 * holds every module. Lets the request check answer session and module access in one round trip.
 */
export function holdsModuleSql(db: Knex, userIdColumn: string, isMasterColumn: string, moduleName: string): Knex.Raw {
  return db.raw(`(?? or exists (
      select 1 from user_roles ur
      join roles r on r.role_id = ur.role_id and r.is_active
      join role_modules rm on rm.role_id = r.role_id and rm.has_access
      join modules m on m.module_id = rm.module_id
      where ur.user_id = ?? and m.name = ?)) as holds_module`, [isMasterColumn, userIdColumn, moduleName]);
}
