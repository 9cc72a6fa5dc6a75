import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { HttpError } from '../http-error.ts';
import { viewAsHeader } from '../../modules/access/view-as.ts';
import { moduleAccessOf } from '../../modules/access/effective-access.ts';
import type { ModuleAccess } from '../../types.ts';
import { acquireLock, lockMessages, releaseLock, requireLock, utcText, type LockOwner } from '../../modules/locks/store.ts';

/**
 * The headers of spec 2 "Record lock lifecycle" (recordlockid, recordlockduration, recordlockmessage, lockedrecordids),
 * and this product's own: who holds a lock and until when (for the browser to word in local time), the record's
 * version, and the browser window a request comes from.
 */
export const lockHeaders = {
  lockId: 'recordlockid',
  duration: 'recordlockduration',
  message: 'recordlockmessage',
  lockedIds: 'lockedrecordids',
  holder: 'recordlockholder',
  expires: 'recordlockexpires',
  version: 'recordversion',
  window: 'x-window-id',
} as const;

/** The module whose holders may know who holds a lock (they can read every user's name anyway). */
const usersModule = 'RegisterUser';

/** The query of a read that is for changing the record: it takes the record's lock. */
export const lockQuerySchema = {
  type: 'object',
  properties: { lock: { type: 'boolean', description: "true: a read for update, which takes the record's lock (see the recordlock* response headers)." } },
} as const;

/** The session and browser window of a request (the window is the client's per-tab id; none: ''). */
export function lockOwnerOf(request: FastifyRequest): LockOwner {
  const sent = request.headers[lockHeaders.window];
  const WindowId = typeof sent === 'string' && /^[\w-]{1,64}$/.test(sent) ? sent : '';
  return { SessionId: request.principal!.SessionId, WindowId, UserId: request.principal!.UserId };
}

/** A read asking for the lock (?lock=true; the query schema makes it a boolean, a route without one leaves it text). */
export function wantsLock(request: FastifyRequest): boolean {
  const lock = (request.query as { lock?: unknown } | undefined)?.lock;
  return lock === true || lock === 'true';
}

/** The access of a record's update or delete route: holding one of them is what taking its lock needs ('session': anyone signed in). */
export type ChangeAccess = ModuleAccess | 'session';

/** Refuses a read for update to one who may not change the record (403): its lock would only keep others out. */
async function requireChangeAccess(db: Knex, request: FastifyRequest, rights: ChangeAccess[], record: string): Promise<void> {
  for (const right of rights) {
    if (right === 'session') return;
    const held = await moduleAccessOf(db, request.principal!.UserId, right.module, right.route ?? null);
    if (held.holdsModule && held.holdsRoute) return;
  }
  throw HttpError.of(403, `You may view this ${record} but not change it, so you cannot lock it.`, null, 'NoChangeAccess');
}

/**
 * A read for update takes the record's lock and says so in the headers: the lock's id and duration, or, when someone
 * holds it, no id, the record in lockedrecordids and the message (who and until when where the reader may know users;
 * the spec's 'different window' message when it is the reader in another window or session). Only one who may change
 * the record (`rights`: its update and delete routes' access) may take its lock. Answers a release for when the read
 * itself fails after taking the lock.
 */
export async function lockForRead(
  db: Knex, request: FastifyRequest, reply: FastifyReply, target: LockTarget, seconds: number, idleSeconds: number,
): Promise<(() => Promise<unknown>) | null> {
  const { domain, id, label, rights } = target;
  const record = label.toLowerCase();
  const refuse = (message: string) => reply.header(lockHeaders.lockedIds, JSON.stringify([id])).header(lockHeaders.message, message);
  if (request.headers[viewAsHeader]) {
    refuse(lockMessages.viewingAs);
    return null;
  }
  await requireChangeAccess(db, request, rights, record);
  const owner = lockOwnerOf(request);
  const got = await acquireLock(db, domain, id, owner, seconds, idleSeconds);
  if ('LockId' in got) {
    reply.header(lockHeaders.lockId, got.LockId).header(lockHeaders.duration, String(seconds))
      .header(lockHeaders.expires, new Date(got.Expire).toISOString()).header(lockHeaders.lockedIds, '[]').header(lockHeaders.message, '');
    return () => releaseLock(db, got.LockId, owner.SessionId);
  }
  const holder = got.heldBy;
  reply.header(lockHeaders.expires, new Date(holder.Expire).toISOString());
  if (holder.UserId === owner.UserId) {
    refuse(lockMessages.otherWindow(record));
    return null;
  }
  const principal = request.principal!;
  const mayKnow = principal.IsMaster || (await moduleAccessOf(db, principal.UserId, usersModule)).holdsModule;
  const who = mayKnow ? `${holder.FullName.trim() || holder.UserName} (${holder.UserName})` : 'another user';
  reply.header(lockHeaders.holder, encodeURIComponent(who));
  refuse(lockMessages.heldBy(record, who, holder.Expire));
  return null;
}

/** A record to lock: its domain (the screen's id), its id, what it is called, and the accesses that may change it. */
export interface LockTarget {
  domain: string;
  id: number;
  label: string;
  rights: ChangeAccess[];
}

/** The version a write says it was read at (the recordversion header). */
export function sentVersion(request: FastifyRequest, label: string): number {
  const sent = Number(request.headers[lockHeaders.version]);
  if (!Number.isSafeInteger(sent) || sent < 1) {
    throw HttpError.of(400, `The version of the ${label.toLowerCase()} you read is missing: open it again before changing it.`, null, 'VersionMissing');
  }
  return sent;
}

/**
 * A write found the record at another version than it was read at: someone changed it since. Refused (409) naming who
 * changed it and when, so nothing they did is overwritten unseen; or 404 when it is gone.
 */
export async function staleVersion(trx: Knex, table: string, idField: string, id: number, label: string): Promise<HttpError> {
  const now = await trx(table).where(idField, id).first('ModifiedBy', 'ModifiedDate', 'CreatedBy', 'CreatedDate');
  const record = label.toLowerCase();
  if (!now) return HttpError.of(404, `This ${record} no longer exists.`, null, 'NotFound');
  const by = (now.ModifiedBy ?? now.CreatedBy ?? 'another user') as string;
  const at = (now.ModifiedDate ?? now.CreatedDate) as Date | null;
  return HttpError.of(409, `This ${record} was changed by ${by}${at ? ` on ${utcText(at)}` : ''} after you opened it, so your changes were not saved. Open it again to see the changes, then make yours.`, null, 'VersionConflict');
}

/** A write's lock, checked in its transaction: 'Invalid Lock' unless this session holds the record's live lock. */
export function requireWriteLock(trx: Knex, request: FastifyRequest, domain: string, id: number): Promise<void> {
  return requireLock(trx, domain, id, request.headers[lockHeaders.lockId], request.principal!.SessionId);
}
