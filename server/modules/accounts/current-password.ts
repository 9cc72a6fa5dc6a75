import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import { recordAttempt, forgetAttempt, buckets, signInTooMany } from '../auth/rate-limit.ts';
import { userById } from './account-users.ts';

export const currentPasswordIncorrect = 'The Current Password you entered is incorrect.';

/**
 * Whether the password is the signed-in user's. A wrong one counts with the account's failed sign-ins (429 after
 * too many), so a session left open cannot be used to guess the password; a right one is not counted.
 */
export async function isOwnPassword(app: FastifyInstance, principal: Principal, password: string, reply: { header(name: string, value: number): unknown }): Promise<boolean> {
  const { signInFailuresPerAccount: max, rateLimitWindowSeconds: window } = app.config;
  const attempt = await recordAttempt(app.db, [{ bucket: buckets.signInAccount(principal.UserName), max }], window, signInTooMany, reply);
  const user = await userById(app.db, principal.UserId);
  if (!user || !(await verifyPassword(password, user.PasswordHash))) return false;
  await forgetAttempt(app.db, attempt);
  return true;
}

/** A password change's CurrentPassword must be the user's own: 400 on the field otherwise. */
export async function requireCurrentPassword(app: FastifyInstance, principal: Principal, password: string, reply: { header(name: string, value: number): unknown }): Promise<void> {
  if (!(await isOwnPassword(app, principal, password, reply))) {
    throw HttpError.of(400, currentPasswordIncorrect, 'CurrentPassword', 'CurrentPasswordIncorrect');
  }
}
