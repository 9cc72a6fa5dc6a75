import { create } from 'zustand';
import type { SessionStatus } from '../../metadata/types/SessionStatus.ts';
import { readStatus, touchLagMs, type Phase } from '../session/clock.ts';

export interface SessionClockState {
  /** From the server's status; null until the first status of this session. */
  idleSeconds: number | null;
  warningMs: number;
  skewMs: number;
  deadline: number | null;
  /** When an administrator's termination takes effect (browser clock), or null. */
  terminatesAt: number | null;
  /** When the deadline was last read from the server with no activity since; 0 when it is an estimate. */
  exactAt: number;
  /** What the screens show, updated by the timers every second. */
  phase: Phase;
  secondsLeft: number;
  terminationSecondsLeft: number | null;
  applyStatus(status: SessionStatus, sentAt: number, receivedAt: number): void;
  /** A request the user made at `at` was answered: the server counted it, within its write throttle. */
  activity(at: number): void;
  /** The pending-termination header of an answered call (null: none pending). */
  announce(iso: string | null): void;
  show(view: Pick<SessionClockState, 'phase' | 'secondsLeft' | 'terminationSecondsLeft'>): void;
  reset(): void;
}

const initial = {
  idleSeconds: null, warningMs: 0, skewMs: 0, deadline: null, terminatesAt: null, exactAt: 0,
  phase: 'active' as Phase, secondsLeft: 0, terminationSecondsLeft: null,
};

/** The signed-in session's timers (spec 3 "Session lifecycle"): idle deadline and pending termination. */
export const useSessionClock = create<SessionClockState>()((set, get) => ({
  ...initial,
  applyStatus: (status, sentAt, receivedAt) => {
    const read = readStatus(status, sentAt, receivedAt);
    set({ ...read, exactAt: receivedAt });
  },
  activity: (at) => {
    const { idleSeconds, deadline } = get();
    if (idleSeconds === null || deadline === null) return;
    const estimate = at + idleSeconds * 1000 - touchLagMs(idleSeconds);
    if (estimate > deadline) set({ deadline: estimate, exactAt: 0 });
  },
  announce: (iso) => {
    const terminatesAt = iso ? Date.parse(iso) - get().skewMs : null;
    if (terminatesAt !== get().terminatesAt) set({ terminatesAt });
  },
  show: (view) => set(view),
  reset: () => set(initial),
}));
