import type { SessionStatus } from '../../metadata/types/SessionStatus.ts';

/**
 * The session clock's arithmetic, kept apart from timers and React so it can be tested with plain numbers.
 * All times are the browser's milliseconds; server times are moved onto the browser's clock by the skew
 * measured on the last status call.
 */

/** Spec 3 "Session lifecycle": the client's idle time is the idle duration minus the warning minus 10 seconds, so
 * the client ends the session itself 10 s before the server would. */
export const timeoutLeadMs = 10_000;

export type Phase = 'active' | 'warning' | 'timeout';

export interface ClockPlan {
  warningMs: number;
  /** When the server will time the session out, on the browser's clock; null until the first status. */
  deadline: number | null;
}

export function phaseAt(now: number, plan: ClockPlan): Phase {
  if (plan.deadline === null) return 'active';
  if (now >= plan.deadline - timeoutLeadMs) return 'timeout';
  if (now >= plan.deadline - timeoutLeadMs - plan.warningMs) return 'warning';
  return 'active';
}

/** Seconds until the client times the session out (what the idle warning counts down). */
export function secondsToTimeout(now: number, plan: ClockPlan): number {
  return plan.deadline === null ? 0 : Math.max(0, Math.ceil((plan.deadline - timeoutLeadMs - now) / 1000));
}

/** The server writes LastSeen at most every tenth of the idle time and at most once a minute (session-store.ts
 * touchSession), so after a request its deadline may be this much earlier than request time + idle. */
export function touchLagMs(idleSeconds: number): number {
  return Math.min(60_000, idleSeconds * 100);
}

/** How often the status is polled: often enough to learn of an administrator's termination soon, rarely enough
 * to cost nothing (a twentieth of the idle time, from 2 to 15 seconds). */
export function pollIntervalMs(idleSeconds: number): number {
  return Math.min(15, Math.max(2, idleSeconds / 20)) * 1000;
}

/** A status answer on the browser's clock; the skew is taken against the middle of the round trip. */
export function readStatus(status: SessionStatus, sentAt: number, receivedAt: number) {
  const skewMs = Date.parse(status.ServerTime) - (sentAt + receivedAt) / 2;
  return {
    skewMs,
    idleSeconds: status.IdleSeconds,
    warningMs: status.WarningSeconds * 1000,
    deadline: Date.parse(status.IdleExpiresAt) - skewMs,
    terminatesAt: status.TerminatesAt ? Date.parse(status.TerminatesAt) - skewMs : null,
  };
}
