import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { api } from '../api/api.ts';
import { readForUpdate, releaseLock, lockHeaderNames } from './lock-api.ts';
import { useRecordLock } from './store.ts';
import { lockTexts } from './messages.ts';

type Data = Record<string, unknown>;

export interface LockedRecordState {
  record: Data | null;
  failure: unknown;
  /** Why the record cannot be changed here: someone else holds it, or this form's lock expired. */
  readOnlyMessage: string | null;
  /** The lock message to show once with OK (spec 2: when a read returns no lock id). */
  refusal: string | null;
  closeRefusal(): void;
  /** What an update, deactivation or delete sends: the lock and the version read. */
  writeHeaders(): Record<string, string>;
  /** A write's answer: the version the record is at now. */
  saved(headers: Headers): void;
  /** A write to the record with its lock and version (writeHeaders), taking the version it answers (saved). */
  write<T>(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
  release(): Promise<void>;
}

/**
 * A record read for update (FormRoute's update and delete routes): the read takes the lock, which this tab holds while
 * the form is open and gives up when it leaves. Without the lock the form is read-only, with the lock message.
 */
export function useLockedRecord(url: string, enabled: boolean, target: { domain: string; recordId: number; label: string }): LockedRecordState {
  const { domain, recordId, label } = target;
  const [record, setRecord] = useState<Data | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [version, setVersion] = useState<string | null>(null);
  const [refusedWith, setRefusedWith] = useState<string | null>(null);
  const [refusalOpen, setRefusalOpen] = useState(false);
  const phase = useRecordLock((s) => s.phase);
  const lockId = useRecordLock((s) => s.lock?.lockId);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    readForUpdate<Data>(url, label).then((read) => {
      if (!live) {
        if (read.lock) void releaseLock(read.lock.lockId);
        return;
      }
      setRecord(read.record);
      setVersion(read.version);
      if (read.lock) {
        useRecordLock.getState().hold({ ...read.lock, domain, recordId });
      } else {
        setRefusedWith(read.message ?? lockTexts.invalidLock);
        setRefusalOpen(true);
      }
    }, (error: unknown) => live && setFailure(error instanceof ApiError ? error : new Error(String(error))));
    return () => {
      live = false;
      void useRecordLock.getState().release();
    };
  }, [url, enabled, domain, recordId, label]);

  const writeHeaders = useCallback((): Record<string, string> => ({
    ...(lockId ? { [lockHeaderNames.lockId]: lockId } : {}),
    ...(version ? { [lockHeaderNames.version]: version } : {}),
  }), [lockId, version]);

  return {
    record,
    failure,
    readOnlyMessage: refusedWith ?? (enabled && phase === 'expired' ? lockTexts.expired : null),
    refusal: refusalOpen ? refusedWith : null,
    closeRefusal: () => setRefusalOpen(false),
    writeHeaders,
    saved: (headers) => setVersion(headers.get(lockHeaderNames.version) ?? version),
    async write<T>(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
      const sent = await api.send<T>(method, path, { body, headers: writeHeaders() });
      setVersion(sent.headers.get(lockHeaderNames.version) ?? version);
      return sent.data;
    },
    release: () => useRecordLock.getState().release(),
  };
}
