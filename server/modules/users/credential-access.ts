import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * Changing who can sign in as a user (e-mail address, user name, password) needs every privilege that user holds
 * (DESIGN "Identity"): otherwise whoever may edit users could point an administrator's account at an address they
 * read, ask for a password link and sign in as the administrator.
 */

interface Who { UserId: number; IsMaster: boolean }
type Row = Record<string, unknown>;

/** The fields that decide who can sign in as a user, as the user forms name them. */
export const credentialFields = ['EmailAddress', 'UserName', 'Password'] as const;
export type CredentialField = (typeof credentialFields)[number];

const credentialLabels: Record<CredentialField, string> = { EmailAddress: 'e-mail address', UserName: 'user name', Password: 'password' };

export const credentialMessages = {
  lacksPrivileges: (field: CredentialField) => `You cannot change the ${credentialLabels[field]} of a user who holds access you do not hold.`,
  masterOnly: (field: CredentialField) => `Only the master user can change the ${credentialLabels[field]} of the master user.`,
};

/**
 * Whether the actor holds every privilege the target holds, so may change how the target signs in: the target
 * themself, the master user (the master user's own credentials only by the master user), or a user who holds every
 * live permission node (module, route, field) the target holds through active roles and overrides, and View All
 * Records on every module where the target has it. Measured with the one evaluator (user_node_access, migration
 * 070): a child node counts only under a module held, as everywhere else.
 */
export async function actorHoldsEveryPrivilegeOf(db: Knex, actor: Who, target: Who): Promise<boolean> {
  if (actor.UserId === target.UserId || actor.IsMaster) return true;
  if (target.IsMaster) return false;
  const { rows } = await db.raw(`select exists (
      select 1 from permission_nodes n
      join modules m on m.module_id = n.module_id
      cross join lateral user_node_access(?, n.node_id) t
      cross join lateral user_node_access(?, coalesce(n.parent_node_id, n.node_id)) tm
      cross join lateral user_node_access(?, n.node_id) a
      cross join lateral user_node_access(?, coalesce(n.parent_node_id, n.node_id)) am
      where not n.is_retired and t.has_access and tm.has_access
        and (not (a.has_access and am.has_access)
          or (n.type = 'module' and m.allow_view_all_records and t.view_all_records and not a.view_all_records))
    ) as lacking`, [target.UserId, target.UserId, actor.UserId, actor.UserId]);
  return !rows[0].Lacking;
}

/** The credentials an update changes: a stored e-mail address or user name that differs, or a password given. */
export function changedCredentials(before: Row, after: Row, values: Row): CredentialField[] {
  const changed: CredentialField[] = [];
  if (after.EmailAddress !== before.EmailAddress) changed.push('EmailAddress');
  if (after.UserName !== before.UserName) changed.push('UserName');
  if (typeof values.Password === 'string' && values.Password !== '') changed.push('Password');
  return changed;
}

/** Refuses (403, an item per field) a change of the target's credentials by an actor who may not make it. */
export async function requireCredentialRights(db: Knex, actor: Who, target: Who, changed: CredentialField[]): Promise<void> {
  if (!changed.length || (await actorHoldsEveryPrivilegeOf(db, actor, target))) return;
  const message = target.IsMaster ? credentialMessages.masterOnly : credentialMessages.lacksPrivileges;
  throw new HttpError(403, changed.map((field): ErrorItem => ({ PropertyName: field, ErrorMessage: message(field), ErrorCode: 'CredentialAccess' })));
}

