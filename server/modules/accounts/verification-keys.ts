import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Why a key was made; the reason also names the page its link opens:
 * activation -> /user/activate/activation/{key} (the account has a password),
 * activationupdatepassword -> /user/activateupdatepassword/activationupdatepassword/{key} (it needs one),
 * passwordreset -> /user/changepassword/{key} (e-mailed recovery, the current user's request, MustChangePassword).
 */
export const reasons = ['activation', 'activationupdatepassword', 'passwordreset', 'signin'] as const;
export type Reason = (typeof reasons)[number];

export const generateNewKey = 'generatenewkey';

export interface KeyRow {
  KeyId: number;
  UserId: number;
  Reason: Reason;
  /** Still usable: not used, not superseded, not expired. */
  Live: boolean;
  /** Already traded for a fresh key (a stale key renews once). */
  Renewed: boolean;
}

/** sha256 of the key: what the database keeps, so a copy of the table opens no account. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * A new key (256 random bits, URL-safe) valid for lifetimeSeconds. The user's earlier unused keys of the same
 * reason are used up, so only the newest link works. lifetimeSeconds 0 makes a key that is stale from the
 * start: a handle a client may only trade for a freshly mailed key (see renewKey).
 */
export async function issueKey(db: Knex, userId: number, reason: Reason, lifetimeSeconds: number): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await db.transaction(async (trx) => {
    // Rows long past use are of no further help (not even for renewal): drop the user's old ones as we go.
    await trx('verification_keys').where({ UserId: userId }).where('ExpiresAt', '<', trx.raw("now() - interval '30 days'")).delete();
    if (lifetimeSeconds > 0) await trx('verification_keys').where({ UserId: userId, Reason: reason }).whereNull('UsedAt').update({ UsedAt: trx.fn.now() });
    await trx('verification_keys').insert({
      UserId: userId,
      KeyHash: hashKey(key),
      Reason: reason,
      ExpiresAt: trx.raw('now() + make_interval(secs => ?)', [lifetimeSeconds]),
    });
  });
  return key;
}

/** The key's row whatever its state, for keys of active users; undefined when unknown. */
export async function findKey(db: Knex, key: string): Promise<KeyRow | undefined> {
  if (!key) return undefined;
  const row = await db('verification_keys as k')
    .join('users as u', 'u.UserId', 'k.UserId')
    .where({ 'k.KeyHash': hashKey(key), 'u.IsActive': true })
    .first(
      'k.KeyId', 'k.UserId', 'k.Reason',
      db.raw('(k.used_at is null and k.expires_at > now()) as live'),
      db.raw('(k.renewed_at is not null) as renewed'),
    );
  return row as KeyRow | undefined;
}

/** Uses a live key up, atomically: of two concurrent uses exactly one succeeds. */
export async function consumeKey(db: Knex, keyId: number): Promise<boolean> {
  const updated = await db('verification_keys').where({ KeyId: keyId }).whereNull('UsedAt').where('ExpiresAt', '>', db.fn.now()).update({ UsedAt: db.fn.now() });
  return updated === 1;
}

/** Marks a stale key as traded for a new one; false when it already was (a stale key renews once). */
export async function markRenewed(db: Knex, keyId: number): Promise<boolean> {
  const updated = await db('verification_keys').where({ KeyId: keyId }).whereNull('RenewedAt').update({ RenewedAt: db.fn.now(), UsedAt: db.raw('coalesce(used_at, now())') });
  return updated === 1;
}

/** Uses up every unused key of the user for these reasons (after a password change, old links must die). */
export async function expireKeys(db: Knex, userId: number, which: readonly Reason[]): Promise<void> {
  await db('verification_keys').where({ UserId: userId }).whereIn('Reason', which).whereNull('UsedAt').update({ UsedAt: db.fn.now() });
}
