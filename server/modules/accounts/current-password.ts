import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Principal } from '../../types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import { recordAttempt, forgetAttempt, buckets, signInTooMany } from '../auth/rate-limit.ts';
import { userById } from './account-users.ts';

export const currentPasswordIncorrect = 'The Current Password you entered is incorrect.';

/**
 * Whether the password is the signed-in user's. A wrong one counts with the account's failed sign-ins from this address
 * (429 after too many), so a session left open cannot be used to guess the password; a right one is not counted.
 */
export async function isOwnPassword(app: FastifyInstance, principal: Principal, password: string, reply: FastifyReply): Promise<boolean> {
  const { signInFailuresPerAccount: max, rateLimitWindowSeconds: window } = app.config;
  const bucket = buckets.signInAccountAddress(principal.UserName, reply.request.ip);
  const attempt = await recordAttempt(app.db, [{ bucket, max }], window, signInTooMany, reply);
  const user = await userById(app.db, principal.UserId);
  if (!user || !(await verifyPassword(password, user.PasswordHash))) return false;
  await forgetAttempt(app.db, attempt);
  return true;
}

/** A password change's CurrentPassword must be the user's own: 400 on the field otherwise. */
export async function requireCurrentPassword(app: FastifyInstance, principal: Principal, password: string, reply: FastifyReply): Promise<void> {
  if (!(await isOwnPassword(app, principal, password, reply))) {
    throw HttpError.of(400, currentPasswordIncorrect, 'CurrentPassword', 'CurrentPasswordIncorrect');
  }
}
