import { create } from 'zustand';
import { useSession } from '../stores/session.ts';
import { sessionStoragePrefix } from '../stores/session-storage.ts';
import { releaseLock, releaseOnUnload, renewLock } from './lock-api.ts';
import { announceLockEnded } from './channel.ts';
import { lockTiming } from './timing.ts';
import { closeOpenDialogs } from './close-dialogs.ts';

/** The lock this tab holds on the record open in it. */
export interface HeldRecordLock {
  lockId: string;
  domain: string;
  recordId: number;
  durationSeconds: number;
  /** On this browser's clock. */
  expiresAt: number;
}

/** held: working; warning: the renewal question is up; expired: the lock is gone and the form can no longer save. */
export type LockPhase = 'none' | 'held' | 'warning' | 'expired';

interface RecordLockState {
  lock: HeldRecordLock | null;
  phase: LockPhase;
  /** The expiry notice is shown (until acknowledged). */
  expiredNotice: boolean;
  hold(lock: HeldRecordLock): void;
  /** Yes to the renewal question (debounced: a second Yes within 1 s sends nothing more). */
  renew(): void;
  /** No to the renewal question: work on until the lock expires. */
  decline(): void;
  /** Gives the lock up (save, leaving the page, explicit release); resolves within 3 s whatever the server does. */
  release(): Promise<void>;
  acknowledgeExpiry(): void;
}

/** The lock as kept in the session (spec 2: "stored in the session with an expiry"); cleared with the session's storage. */
const storageKey = `${sessionStoragePrefix}recordlock`;
let warnTimer: ReturnType<typeof setTimeout> | undefined;
let expireTimer: ReturnType<typeof setTimeout> | undefined;
let lastRenewAt = 0;

function cancelTimers() {
  clearTimeout(warnTimer);
  clearTimeout(expireTimer);
}

function keep(lock: HeldRecordLock | null) {
  try {
    if (lock) sessionStorage.setItem(storageKey, JSON.stringify(lock));
    else sessionStorage.removeItem(storageKey);
  } catch {
    // Storage full or unavailable: the lock still works in this page.
  }
}

/**
 * The record lock of this tab (spec 2 "Record lock lifecycle"): 30 s before expiry the user is asked whether to renew;
 * at expiry every dialog closes, the expiry notice shows, the other tabs are told, and the form can no longer save.
 * Ending the session cancels the timers (the server frees the session's locks itself).
 */
export const useRecordLock = create<RecordLockState>((set, get) => {
  function schedule(lock: HeldRecordLock) {
    cancelTimers();
    const now = Date.now();
    warnTimer = setTimeout(() => {
      if (get().lock?.lockId === lock.lockId && get().phase === 'held') set({ phase: 'warning' });
    }, Math.max(0, lock.expiresAt - lockTiming.warnBeforeMs - now));
    expireTimer = setTimeout(() => expire(lock), Math.max(0, lock.expiresAt - now));
  }

  function expire(lock: HeldRecordLock) {
    if (get().lock?.lockId !== lock.lockId) return;
    cancelTimers();
    keep(null);
    set({ lock: null, phase: 'expired', expiredNotice: true });
    closeOpenDialogs();
    announceLockEnded({ type: 'expired', domain: lock.domain, recordId: lock.recordId });
    void releaseLock(lock.lockId);
  }

  return {
    lock: null,
    phase: 'none',
    expiredNotice: false,
    hold(lock) {
      keep(lock);
      set({ lock, phase: 'held', expiredNotice: false });
      schedule(lock);
    },
    renew() {
      const lock = get().lock;
      if (!lock || Date.now() - lastRenewAt < lockTiming.renewDebounceMs) return;
      lastRenewAt = Date.now();
      set({ phase: 'held' });
      renewLock(lock.lockId).then((seconds) => {
        if (get().lock?.lockId !== lock.lockId) return;
        const renewed = { ...lock, durationSeconds: seconds, expiresAt: Date.now() + seconds * 1000 };
        keep(renewed);
        set({ lock: renewed, phase: 'held' });
        schedule(renewed);
      }, () => expire(lock));
    },
    decline() {
      if (get().phase === 'warning') set({ phase: 'held' });
    },
    async release() {
      const lock = get().lock;
      cancelTimers();
      keep(null);
      set({ lock: null, phase: 'none', expiredNotice: false });
      if (!lock) return;
      announceLockEnded({ type: 'released', domain: lock.domain, recordId: lock.recordId });
      await releaseLock(lock.lockId);
    },
    acknowledgeExpiry() {
      set({ expiredNotice: false });
    },
  };
});

// The session's end cancels the timers and forgets the lock (its calls would be refused; the server frees it).
useSession.subscribe((now, before) => {
  if (before.token && !now.token) {
    cancelTimers();
    keep(null);
    useRecordLock.setState({ lock: null, phase: 'none', expiredNotice: false });
  }
});

// Closing or reloading the tab releases the lock it holds.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    const lock = useRecordLock.getState().lock;
    if (lock) releaseOnUnload(lock.lockId);
  });
}
