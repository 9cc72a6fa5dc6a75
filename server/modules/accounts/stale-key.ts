import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { HttpError } from '../../lib/http-error.ts';
import { generateNewKey, issueKey, type KeyRow, type Reason } from './verification-keys.ts';

/** The spec's stale-key error (spec 1 section 3): an error item that also carries StaleKey and Reason, which the
 * client puts into /user/invalidverificationcode/{Reason}/{StaleKey}. */
export type StaleKeyItem = ErrorItem & { StaleKey: string; Reason: string };

export const keyMessages = {
  expired: 'The verification key has expired.',
  invalid: 'The verification key is invalid.',
  unverified: 'Your account has not been verified. Please use the link in your verification email, or request a new verification code.',
};

function staleKeyError(ErrorMessage: string, ErrorCode: string, Reason: string, StaleKey: string): HttpError {
  const item: StaleKeyItem = { PropertyName: null, ErrorMessage, ErrorCode, StaleKey, Reason };
  return new HttpError(400, [item]);
}

/**
 * For a key that cannot be used: expired, used or superseded keys answer 'The verification key has expired.'
 * with the key itself as StaleKey (it can be traded once for a freshly mailed one); unknown keys, or keys of
 * another reason, answer 'The verification key is invalid.' with StaleKey generatenewkey (ask for the user name).
 */
export function unusableKeyError(presented: string, row: KeyRow | undefined, expected: readonly Reason[], requestedReason: string): HttpError {
  if (!row || !expected.includes(row.Reason)) return staleKeyError(keyMessages.invalid, 'InvalidKey', requestedReason || expected[0], generateNewKey);
  return staleKeyError(keyMessages.expired, 'StaleKey', row.Reason, row.Renewed ? generateNewKey : presented);
}

/** The activation reason for an unverified user: with a password they just verify; without, they create one. */
export function activationReasonFor(user: { PasswordHash: string | null }): Reason {
  return user.PasswordHash ? 'activation' : 'activationupdatepassword';
}

/**
 * "Not verified yet" (its message contains 'verification', which the login and recovery screens look for),
 * with a StaleKey the client can trade for a freshly mailed activation link without asking for the user name.
 */
export async function unverifiedError(db: Knex, user: { UserId: number; PasswordHash: string | null }): Promise<HttpError> {
  const reason = activationReasonFor(user);
  const handle = await issueKey(db, user.UserId, reason, 0);
  return staleKeyError(keyMessages.unverified, 'VerificationRequired', reason, handle);
}
