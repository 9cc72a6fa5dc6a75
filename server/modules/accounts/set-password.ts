import type { Knex } from 'knex';
import { expireKeys } from './verification-keys.ts';
import { endSessionsOfUser } from '../sessions/session-store.ts';

export const passwordChanged = 'Your password has been successfully changed.';

/**
 * Stores a new password (already hashed, so the slow hash runs outside the transaction) and everything that follows from it: MustChangePassword cleared, the change date set,
 * the account counted as verified when the password came through an e-mailed link, every other pending password
 * link used up, and the user's sessions (but `keepSession`) ended so a stolen session does not outlive the change.
 */
export async function setPassword(
  db: Knex,
  userId: number,
  passwordHash: string,
  options: { verifiesEmail: boolean; keepSession?: string },
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('users').where({ UserId: userId }).update({
      PasswordHash: passwordHash,
      MustChangePassword: false,
      PasswordLastChangedDate: trx.fn.now(),
      ModifiedDate: trx.fn.now(),
      ...(options.verifiesEmail ? { IsVerified: true, ActivationDate: trx.raw('coalesce(activation_date, now())') } : {}),
    });
    await expireKeys(trx, userId, ['passwordreset', 'activationupdatepassword']);
    await endSessionsOfUser(trx, userId, 'passwordchanged', options.keepSession);
  });
}
