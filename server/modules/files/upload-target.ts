import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import type { Principal, ResolvedAccess } from '../../types.ts';
import { messages } from '../../plugins/access.ts';
import { heldRouteNames } from '../access/effective-access.ts';

/**
 * What an upload is for (issue 28, finding 4): the module of the screen whose file field it fills, and the record
 * when that screen updates one. The user must hold the module, so a user with no role uploads nothing.
 */
export interface UploadTarget {
  module?: string;
  recordId?: number;
}

export const uploadTargetQuery = (moduleRequired: boolean) => ({
  type: 'object',
  additionalProperties: false,
  ...(moduleRequired ? { required: ['module'] } : {}),
  properties: {
    module: { type: 'string', minLength: 1, maxLength: 100, description: "The module of the screen whose file field the upload fills (the screen document's module)." },
    recordId: { type: 'integer', minimum: 1, description: 'The record that screen updates, when it updates one.' },
  },
} as const);

/** The module the query names, checked with the session like any module route's (none named: a module no one holds). */
export const uploadModuleAccess: ResolvedAccess = {
  describe: 'the module named by ?module',
  resolve: (request) => {
    const module = (request.query as { module?: unknown } | undefined)?.module;
    return { module: typeof module === 'string' ? module : '' };
  },
};

/**
 * An upload for an existing record needs what changing it needs: the module's update right (its route nodes named
 * '<screen>.update'), when the module has one. Whether this record is one the user may write is the save's check.
 */
export async function requireRecordUpdate(db: Knex, principal: Principal, module: string): Promise<void> {
  const { rows } = await db.raw(`select rn.name from permission_nodes rn join permission_nodes mn on mn.node_id = rn.parent_node_id
    where mn.type = 'module' and mn.name = ? and rn.type = 'route' and rn.name like '%.update' and not rn.is_retired`, [module]);
  const updateRoutes = (rows as Array<{ Name: string }>).map((r) => r.Name);
  if (!updateRoutes.length) return;
  const held = await heldRouteNames(db, principal);
  if (!updateRoutes.some((name) => held.has(name))) throw HttpError.of(403, messages.noAccess);
}
