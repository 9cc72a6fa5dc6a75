import type { Knex } from 'knex';
import { heldModuleNames, moduleAccessOf } from './effective-access.ts';

/** Module names the user holds (roles, then overrides; every module for a master user). */
export async function modulesOf(db: Knex, user: { UserId: number; IsMaster: boolean }): Promise<Set<string>> {
  return heldModuleNames(db, user);
}

export async function hasModuleAccess(db: Knex, user: { UserId: number; IsMaster: boolean }, moduleName: string): Promise<boolean> {
  return (await moduleAccessOf(db, user.UserId, moduleName)).holdsModule;
}
