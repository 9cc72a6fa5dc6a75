import { api } from '../api/api.ts';
import { ApiError } from '../api/client.ts';
import { useSession } from '../stores/session.ts';
import { windowHeaders } from './window-id.ts';
import { heldByText, lockTexts } from './messages.ts';
import { lockTiming } from './timing.ts';

/** The response headers of spec 2 "Record lock lifecycle" (server/lib/crud/record-lock.ts), and the record's version. */
export const lockHeaderNames = {
  lockId: 'recordlockid',
  duration: 'recordlockduration',
  message: 'recordlockmessage',
  holder: 'recordlockholder',
  expires: 'recordlockexpires',
  version: 'recordversion',
};

export const lockPath = (lockId: string) => `/api/record-locks/${encodeURIComponent(lockId)}`;

/** A record read for update: its lock when this window got it, else why not (the message to show). */
export interface LockedRecord<T> {
  record: T;
  version: string | null;
  lock: { lockId: string; durationSeconds: number; expiresAt: number } | null;
  message: string | null;
}

/** GET {url}?lock=true: the record and its lock (spec 2: "a lock is acquired on reading a record"). */
export async function readForUpdate<T>(url: string, label: string): Promise<LockedRecord<T>> {
  const { data, headers } = await api.send<T>('GET', `${url}${url.includes('?') ? '&' : '?'}lock=true`, { headers: windowHeaders() });
  const lockId = headers.get(lockHeaderNames.lockId);
  const durationSeconds = Number(headers.get(lockHeaderNames.duration));
  const expires = headers.get(lockHeaderNames.expires);
  const version = headers.get(lockHeaderNames.version);
  if (lockId && durationSeconds > 0) {
    // The expiry on this browser's clock: the duration from now (the server's clock may differ from ours).
    return { record: data, version, lock: { lockId, durationSeconds, expiresAt: Date.now() + durationSeconds * 1000 }, message: null };
  }
  const holder = headers.get(lockHeaderNames.holder);
  const message = holder && expires ? heldByText(label, decodeURIComponent(holder), new Date(expires)) : headers.get(lockHeaderNames.message) || null;
  return { record: data, version, lock: null, message };
}

/**
 * Deletes a record as a delete screen does, for a list's own Delete button: read for update (its lock), deleted with its
 * lock and version, the lock released. Refused with the lock message when someone else holds it.
 */
export async function deleteLocked(url: string, label: string): Promise<void> {
  const read = await readForUpdate<unknown>(url, label);
  if (!read.lock) throw new ApiError(409, [{ PropertyName: null, ErrorMessage: read.message ?? lockTexts.invalidLock, ErrorCode: 'InvalidLock' }]);
  try {
    await api.delete(url, { headers: { [lockHeaderNames.lockId]: read.lock.lockId, ...(read.version ? { [lockHeaderNames.version]: read.version } : {}) } });
  } finally {
    await releaseLock(read.lock.lockId);
  }
}

/** GET renew: the lock lasts its full duration again (seconds). */
export async function renewLock(lockId: string): Promise<number> {
  const answer = await api.get<{ RecordLockId: string; LockDuration: number }>(lockPath(lockId));
  return answer.LockDuration;
}

/** DELETE release, resolved after at most 3 s whatever the server does (spec 2: the release failsafe). */
export function releaseLock(lockId: string): Promise<void> {
  return new Promise((resolve) => {
    const failsafe = setTimeout(resolve, lockTiming.releaseFailsafeMs);
    api.delete(lockPath(lockId), { quiet: true }).catch(() => undefined).finally(() => {
      clearTimeout(failsafe);
      resolve();
    });
  });
}

/** The tab is closing or reloading: the release goes out as a request that outlives the page. */
export function releaseOnUnload(lockId: string): void {
  const { token, session } = useSession.getState();
  if (!token || !session) return;
  void fetch(lockPath(lockId), {
    method: 'DELETE',
    keepalive: true,
    headers: { authorization: `Bearer ${token}`, 'session-id': session.SessionId, 'instance-id': session.InstanceId },
  }).catch(() => undefined);
}
