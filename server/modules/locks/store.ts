import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import { liveSessions } from '../sessions/session-store.ts';
import { preparedStatement } from '../../db/statement-template.ts';

/** The wording of spec 2 section 8 and "Record lock lifecycle", and this product's own where the spec has none. */
export const lockMessages = {
  invalidLock: 'Invalid Lock',
  invalidDomainId: 'Invalid Domain Id',
  otherWindow: (record: string) =>
    `You already have this ${record} locked in a different window. Please find that open window or try back again later after the lock is automatically released.`,
  heldBy: (record: string, holder: string, until: Date) =>
    `This ${record} is locked by ${holder} until ${utcText(until)}. You may view it, but you will not be able to make changes.`,
  viewingAs: 'You are viewing as another user: stop viewing to make changes.',
  reorderHeld: (item: string, holder: string, until: Date) =>
    `The item ${item} is locked by ${holder} until ${utcText(until)}: the list can be reordered once it is saved or the lock is released.`,
};

/** A time as the server words it in a message (the browser shows its own local time from the headers). */
export function utcText(at: Date): string {
  const iso = new Date(at).toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)} ${iso.slice(11, 16)} UTC`;
}

/** Who asks: the session and the browser window (the client's per-tab id; '' for callers that send none). */
export interface LockOwner {
  SessionId: string;
  WindowId: string;
  UserId: number;
}

export interface HeldLock {
  LockId: string;
  Expire: Date;
}

export interface LockHolder {
  UserId: number;
  UserName: string;
  FullName: string;
  SessionId: string;
  WindowId: string;
  Expire: Date;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A lock id as sent: only a UUID can name a lock (anything else is no lock at all). */
export const isLockId = (value: unknown): value is string => typeof value === 'string' && uuidPattern.test(value);

/** A record lock's domain id: a whole number, else 'Invalid Domain Id'. */
export function domainIdOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw HttpError.of(400, lockMessages.invalidDomainId, 'DomainId', 'InvalidDomainId');
  return n;
}

/**
 * The lock row `alias` is live: not expired, and its session live (an ended, terminated or timed-out session's locks
 * are free at once, on every process, whether or not anything deleted them yet).
 */
function liveLock(db: Knex, idleSeconds: number, alias = 'record_locks'): Knex.Raw {
  const session = liveSessions(db, idleSeconds, 'ls').whereRaw(`ls.session_id = ${alias}.session_id`).select(db.raw('1'));
  return db.raw(`(${alias}.expire > now() and exists ?)`, [session]);
}

/**
 * Takes the record's lock for the owner, in one statement: a free record (no lock, an expired one, one of a session no
 * longer live), or one this very window already holds, gets a new lock id; otherwise nothing changes and the holder is
 * answered. Another process taking the same lock at the same moment is ordered by the primary key: one wins.
 */
export async function acquireLock(db: Knex, domain: string, domainId: number, owner: LockOwner, seconds: number, idleSeconds: number): Promise<HeldLock | { heldBy: LockHolder }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { rows } = await db.raw(`insert into record_locks as l (domain, domain_id, lock_id, session_id, window_id, user_id, expire)
      values (?, ?, ?, ?, ?, ?, now() + make_interval(secs => ?))
      on conflict (domain, domain_id) do update set lock_id = excluded.lock_id, session_id = excluded.session_id,
        window_id = excluded.window_id, user_id = excluded.user_id, acquired_at = now(), expire = excluded.expire
      where (l.session_id = excluded.session_id and l.window_id = excluded.window_id) or not ?
      returning lock_id, expire`, [domain, domainId, randomUUID(), owner.SessionId, owner.WindowId, owner.UserId, seconds, liveLock(db, idleSeconds, 'l')]);
    if (rows[0]) return rows[0] as HeldLock;
    const holder = await lockHolder(db, domain, domainId);
    if (holder) return { heldBy: holder };
    // Released between the two statements: try again.
  }
  throw HttpError.of(409, lockMessages.invalidLock, null, 'InvalidLock');
}

export async function lockHolder(db: Knex, domain: string, domainId: number): Promise<LockHolder | undefined> {
  return db('record_locks as l').join('users as u', 'u.UserId', 'l.UserId')
    .where({ 'l.Domain': domain, 'l.DomainId': domainId })
    .first('l.UserId', 'u.UserName', db.raw("u.first_name || ' ' || u.last_name as full_name"), 'l.SessionId', 'l.WindowId', 'l.Expire');
}

/** A held lock's new expiry (GET renew): only the session holding it may, and only while it is live. */
export async function renewLock(db: Knex, lockId: string, sessionId: string, seconds: number): Promise<HeldLock | null> {
  if (!isLockId(lockId)) return null;
  const [row] = await db('record_locks').where({ LockId: lockId, SessionId: sessionId }).where('Expire', '>', db.fn.now())
    .update({ Expire: db.raw('now() + make_interval(secs => ?)', [seconds]) }).returning(['LockId', 'Expire']);
  return (row as HeldLock | undefined) ?? null;
}

/** Gives a lock up (DELETE release): the session's own lock, by its id; answers whether there was one. */
export async function releaseLock(db: Knex, lockId: string, sessionId: string): Promise<boolean> {
  if (!isLockId(lockId)) return false;
  return (await db('record_locks').where({ LockId: lockId, SessionId: sessionId }).delete().returning('LockId')).length > 0;
}

/**
 * Refuses a write whose lock is not the live lock of this record held by this session ('Invalid Lock'). In the write's
 * transaction, the lock row is held (FOR SHARE) until it commits, so no one can take the lock over meanwhile.
 */
export async function requireLock(trx: Knex, domain: string, domainId: number, lockId: unknown, sessionId: string): Promise<void> {
  const held = isLockId(lockId) && await trx('record_locks')
    .where({ Domain: domain, DomainId: domainId, LockId: lockId, SessionId: sessionId })
    .where('Expire', '>', trx.fn.now()).forShare().first('LockId');
  if (!held) throw HttpError.of(409, lockMessages.invalidLock, null, 'InvalidLock');
}

/** Of these record ids, those locked by anyone but this window: a grid marks them (the lockedrecordids header). */
export async function lockedByOthers(db: Knex, domain: string, ids: number[], owner: Pick<LockOwner, 'SessionId' | 'WindowId'>, idleSeconds: number): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await lockedAmong(db, { domain, ids, sessionId: owner.SessionId, windowId: owner.WindowId, idleSeconds });
  return rows.map((r) => Number(r.DomainId));
}

/** The held call, the lookup reorder and any list outside runList run it: one text whatever the ids' count (sent as one array), planned once per connection. */
const lockedAmong = preparedStatement<'domain' | 'ids' | 'sessionId' | 'windowId' | 'idleSeconds', { DomainId: string | number }>('locked-among', (db, param) =>
  othersLiveLocks(db, 'l', param('domain'), { SessionId: param('sessionId'), WindowId: param('windowId') }, param('idleSeconds'))
    .whereRaw('l.domain_id = any(?::bigint[])', [param('ids')])
    .select('l.DomainId'));

/**
 * The live locks of a domain held by anyone but this window, as record_locks rows aliased `alias`: what both the
 * lockedrecordids of a list (its page's lock flags, lib/list/locked-rows.ts) and the held call count as locked.
 */
export function othersLiveLocks(db: Knex, alias: string, domain: string, owner: { SessionId: string; WindowId: string }, idleSeconds: number): Knex.QueryBuilder {
  return db(`record_locks as ${alias}`)
    .where(`${alias}.Domain`, domain)
    .whereNot((w) => w.where({ [`${alias}.SessionId`]: owner.SessionId, [`${alias}.WindowId`]: owner.WindowId }))
    .where(liveLock(db, idleSeconds, alias));
}

export interface LockRow {
  Domain: string;
  DomainId: number;
  UserId: number;
  UserName: string;
  FullName: string;
  AcquiredAt: Date;
  Expire: Date;
}

/** Every live lock, soonest to expire first (the administrators' view). */
export async function liveLocks(db: Knex, idleSeconds: number, limit = 1000): Promise<LockRow[]> {
  const rows: LockRow[] = await db('record_locks').join('users as u', 'u.UserId', 'record_locks.UserId')
    .where(liveLock(db, idleSeconds)).orderBy('record_locks.Expire').limit(limit)
    .select('record_locks.Domain', 'record_locks.DomainId', 'record_locks.UserId', 'u.UserName',
      db.raw("u.first_name || ' ' || u.last_name as full_name"), 'record_locks.AcquiredAt', 'record_locks.Expire');
  return rows.map((r) => ({ ...r, DomainId: Number(r.DomainId) }));
}

/** An administrator frees a record whoever holds it; answers whether it was locked. */
export async function forceRelease(db: Knex, domain: string, domainId: number): Promise<boolean> {
  return (await db('record_locks').where({ Domain: domain, DomainId: domainId }).delete().returning('LockId')).length > 0;
}
