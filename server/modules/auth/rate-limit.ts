import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';

/**
 * Counters in the database (rate_events), not in memory, so a limit holds across every server process.
 * An attempt is recorded first and counted second: concurrent attempts can only be refused too eagerly,
 * never let through beyond the limit.
 */
export interface Attempt {
  /** The event ids this attempt recorded, so a success can take them back. */
  ids: number[];
}

export interface Limit {
  bucket: string;
  max: number;
}

async function countAndRetry(db: Knex, bucket: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
  const [row] = await db('rate_events')
    .where('Bucket', bucket)
    .where('At', '>', db.raw("now() - make_interval(secs => ?)", [windowSeconds]))
    .select(
      db.raw('count(*)::int as count'),
      db.raw("coalesce(ceil(extract(epoch from min(at) + make_interval(secs => ?) - now())), 0)::int as retry_after", [windowSeconds]),
    );
  return { count: Number(row.Count), retryAfter: Math.max(1, Number(row.RetryAfter)) };
}

function tooMany(message: string, retryAfter: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return HttpError.of(429, `${message} Please try again in ${minutes} minute(s).`, null, 'TooManyAttempts');
}

/**
 * Records one event in each bucket and refuses (429) when any bucket then holds more than its max within the
 * window; a refused attempt is taken back so waiting out the window is enough.
 */
export async function recordAttempt(
  db: Knex,
  limits: Limit[],
  windowSeconds: number,
  message: string,
  reply?: { header(name: string, value: number): unknown },
): Promise<Attempt> {
  const ids: number[] = [];
  // Every bucket shares the window, so anything older is dead weight; the table stays as small as the window's traffic.
  await db('rate_events').where('At', '<', db.raw('now() - make_interval(secs => ?)', [windowSeconds])).delete();
  for (const { bucket } of limits) {
    const [{ EventId }] = await db('rate_events').insert({ Bucket: bucket }).returning('EventId');
    ids.push(Number(EventId));
  }
  for (const { bucket, max } of limits) {
    const { count, retryAfter } = await countAndRetry(db, bucket, windowSeconds);
    if (count > max) {
      await forgetAttempt(db, { ids });
      reply?.header('retry-after', retryAfter);
      throw tooMany(message, retryAfter);
    }
  }
  return { ids };
}

/** Takes an attempt's events back (a sign-in that succeeded does not count as a failure). */
export async function forgetAttempt(db: Knex, attempt: Attempt): Promise<void> {
  if (attempt.ids.length) await db('rate_events').whereIn('EventId', attempt.ids).delete();
}

/** Clears a bucket, e.g. an account's failures after it signs in. */
export async function clearBucket(db: Knex, bucket: string): Promise<void> {
  await db('rate_events').where('Bucket', bucket).delete();
}

export const signInTooMany = 'Too many failed sign-in attempts.';
export const requestsTooMany = 'Too many requests.';

/** Bucket names, shared by sign-in and the calls that check a password or send account mail. */
export const buckets = {
  /** Every failure for a user name, from anywhere: the ceiling against guessing from many addresses. */
  signInAccount: (userName: string) => `signin:user:${userName.trim().toLowerCase()}`,
  /** Failures for a user name from one address: what locks that address out of that account. */
  signInAccountAddress: (userName: string, ip: string) => `signin:pair:${ip}:${userName.trim().toLowerCase()}`,
  signInAddress: (ip: string) => `signin:ip:${ip}`,
  mailAddress: (ip: string) => `mail:ip:${ip}`,
  keyAddress: (ip: string) => `key:ip:${ip}`,
  clientErrorAddress: (ip: string) => `clienterror:ip:${ip}`,
  mailAccount: (key: string | number) => `mail:to:${String(key).toLowerCase()}`,
  lookupAddress: (ip: string) => `lookup:ip:${ip}`,
  lookupUser: (userId: number) => `lookup:user:${userId}`,
};
