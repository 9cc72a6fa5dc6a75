import type { SessionStatus } from '../../metadata/types/SessionStatus.ts';
import type { ApiClient } from '../api/client.ts';
import { useSession } from '../stores/session.ts';
import { useSessionClock } from '../stores/session-clock.ts';
import { phaseAt, pollIntervalMs, secondsToTimeout } from './clock.ts';
import { sessionTexts } from './messages.ts';

/** A deadline read this recently may be acted on (a time-out is never decided on an estimate). */
const freshMs = 2_000;

export const sessionPaths = {
  status: '/api/Session/Status',
  keepAlive: '/api/Session/KeepAlive',
  timeout: '/api/Session/Timeout',
  terminate: '/api/Session/Terminate',
};

/**
 * Runs the signed-in session's timers (spec 3 "Session lifecycle") until the returned stop is called: a tick every
 * second (the countdowns tick every second), and a status poll that does not count as activity, through which an
 * administrator's termination (or another tab's activity) becomes known. Before the warning or the time-out the
 * deadline is re-read from the server, so activity in another tab of the same session is respected.
 */
export function startSessionTimers(api: ApiClient, now: () => number = Date.now): () => void {
  const clock = useSessionClock;
  let refreshing: Promise<void> | null = null;
  let ending = false;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let pollEvery = 0;

  function refresh(): Promise<void> {
    refreshing ??= (async () => {
      const sentAt = now();
      try {
        const status = await api.get<SessionStatus>(sessionPaths.status, { quiet: true });
        clock.getState().applyStatus(status, sentAt, now());
        schedulePoll(status.IdleSeconds);
      } catch {
        // A 401 has already ended the session (the client's rule); otherwise keep the estimate and try again later.
        clock.setState({ exactAt: now() });
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function schedulePoll(idleSeconds: number) {
    const every = pollIntervalMs(idleSeconds);
    if (every === pollEvery) return;
    clearInterval(pollTimer);
    pollEvery = every;
    pollTimer = setInterval(() => void refresh(), every);
  }

  /** Ends the session from this side: the call tells the server why; the session ends here whatever it answers. */
  function end(path: string, message: string) {
    ending = true;
    const session = useSession.getState().session;
    const finish = () => {
      if (useSession.getState().token) useSession.getState().ended(message);
    };
    if (!session) return finish();
    api.closeSession(path, { Session: session }, { quiet: true }).then(finish, finish);
  }

  function tick() {
    if (ending || !useSession.getState().token) return;
    const t = now();
    const state = clock.getState();
    if (state.terminatesAt !== null) {
      if (t >= state.terminatesAt) return end(sessionPaths.terminate, sessionTexts.terminated);
      state.show({ phase: 'active', secondsLeft: 0, terminationSecondsLeft: Math.ceil((state.terminatesAt - t) / 1000) });
      return;
    }
    const phase = phaseAt(t, state);
    const exact = state.exactAt > 0 && (phase !== 'timeout' || t - state.exactAt < freshMs);
    if (phase !== 'active' && !exact) {
      void refresh();
      return;
    }
    if (phase === 'timeout') return end(sessionPaths.timeout, sessionTexts.timedOut);
    state.show({ phase, secondsLeft: secondsToTimeout(t, state), terminationSecondsLeft: null });
  }

  const ticker = setInterval(tick, 1000);
  void refresh();
  return () => {
    clearInterval(ticker);
    clearInterval(pollTimer);
    clock.getState().reset();
  };
}

/** 'Click here to extend session': a keep-alive call, whose answer is the new deadline. */
export async function extendSession(api: ApiClient, now: () => number = Date.now): Promise<void> {
  const sentAt = now();
  const status = await api.get<SessionStatus>(sessionPaths.keepAlive);
  useSessionClock.getState().applyStatus(status, sentAt, now());
  useSessionClock.getState().show({ phase: 'active', secondsLeft: 0, terminationSecondsLeft: null });
}
