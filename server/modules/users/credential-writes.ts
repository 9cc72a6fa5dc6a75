import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { endSessionsOfUser } from '../sessions/session-store.ts';
import { expireKeys } from '../accounts/verification-keys.ts';
import type { EmailChange } from '../accounts/account-mail.ts';
import { changedCredentials, requireCredentialRights } from './credential-access.ts';

type Row = Record<string, unknown>;

/**
 * In the transaction of a user's update, once the row is written: a change of how the user signs in is refused
 * (403, rolling the whole save back) unless the caller holds every privilege the user holds; a password set ends
 * the user's sessions (the caller's own one aside) and pending password links; a new e-mail address is announced
 * to the old one after the answer.
 */
export async function afterCredentialsWritten(
  trx: Knex, request: FastifyRequest, before: Row, saved: Row, values: Row,
  announce: (request: FastifyRequest, change: Omit<EmailChange, 'When'>) => void,
): Promise<void> {
  const changed = changedCredentials(before, saved, values);
  if (!changed.length) return;
  const actor = request.principal!;
  const userId = saved.UserId as number;
  await requireCredentialRights(trx, actor, { UserId: userId, IsMaster: before.IsMaster === true }, changed);
  if (changed.includes('Password')) {
    const own = actor.UserId === userId;
    await expireKeys(trx, userId, ['passwordreset', 'activationupdatepassword']);
    await endSessionsOfUser(trx, userId, 'passwordchanged', own ? actor.SessionId : undefined);
    // One's own password, typed by oneself, needs no second change.
    if (own) await trx('users').where({ UserId: userId }).update({ MustChangePassword: false });
  }
  if (changed.includes('EmailAddress')) {
    announce(request, {
      FirstName: String(before.FirstName), UserName: String(before.UserName), NewUserName: String(saved.UserName),
      OldAddress: String(before.EmailAddress), NewAddress: String(saved.EmailAddress), ChangedBy: actor.UserName,
    });
  }
}
