import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { lockForRead, lockHeaders, requireWriteLock, sentVersion, staleVersion, wantsLock, type ChangeAccess, type LockTarget } from './record-lock.ts';

/**
 * A kind of record written outside the generic CRUD (a simple lookup item, a form field, a setting, the user's own
 * account), with the same lock lifecycle: its lock domain, the table and id column holding its `row_version`, what it is
 * called, and the accesses that may change it (who may take its lock). A record edited as part of another (the client
 * settings, inside the setting that embeds them) is locked as that one: `lockedId` below names it.
 */
export interface VersionedRecord {
  domain: string;
  table: string;
  idField: string;
  label: string;
  rights: ChangeAccess[];
}

/**
 * Reads a record, for update with ?lock=true (taking its lock, record-lock.ts), answering its version in recordversion.
 * The version is read before the record: a write landing in between makes the version older than what was read, so a
 * write based on it is refused as stale, never lost.
 */
export async function readVersioned<T>(
  app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, record: VersionedRecord, id: number, read: () => Promise<T>, lockedId = id,
): Promise<T> {
  const { domain, label, rights } = record;
  return readLocked(app, request, reply, lockedId > 0 ? { domain, id: lockedId, label, rights } : null, async () => {
    const row = id > 0 ? await app.db(record.table).where(record.idField, id).first('RowVersion') : undefined;
    if (row) reply.header(lockHeaders.version, String(row.RowVersion));
    return read();
  });
}

/**
 * A read that, with ?lock=true, takes the target's lock first (record-lock.ts) and gives it back when the read itself
 * fails; for a record without a version (a home widget, a role's home arrangement) this is the whole read for update.
 */
export async function readLocked<T>(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, target: LockTarget | null, read: () => Promise<T>): Promise<T> {
  const release = target && wantsLock(request)
    ? await lockForRead(app.db, request, reply, target, app.config.recordLockSeconds, app.config.sessionIdleSeconds)
    : null;
  try {
    return await read();
  } catch (error) {
    await release?.();
    throw error;
  }
}

/**
 * The first step of a write, in its transaction: it needs the record's live lock ('Invalid Lock', 409) and the version it
 * was read at (stale: 409 naming who changed it and when); the version rises (answered in recordversion), and the row
 * stays locked until the write commits, so a concurrent write with the same version is refused as stale.
 */
export async function claimVersion(trx: Knex, request: FastifyRequest, reply: FastifyReply, record: VersionedRecord, id: number, lockedId = id): Promise<void> {
  const version = sentVersion(request, record.label);
  await requireWriteLock(trx, request, record.domain, lockedId);
  const [row] = await trx(record.table).where(record.idField, id).where('RowVersion', version)
    .update({ RowVersion: trx.raw('?? + 1', ['RowVersion']) }).returning('RowVersion');
  if (!row) throw await staleVersion(trx, record.table, record.idField, id, record.label);
  reply.header(lockHeaders.version, String(row.RowVersion));
}
