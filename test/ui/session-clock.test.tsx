import { describe, expect, it } from 'vitest';
import { phaseAt, pollIntervalMs, readStatus, secondsToTimeout, touchLagMs } from '../../ui/session/clock.ts';

describe('session clock arithmetic (spec 3 "Session lifecycle")', () => {
  const plan = { warningMs: 120_000, deadline: 1_200_000 };

  it('is idle for the idle duration minus the warning minus 10 s, then warns, then times out 10 s before the server', () => {
    expect(phaseAt(1_069_999, plan)).toBe('active');
    expect(phaseAt(1_070_000, plan)).toBe('warning');
    expect(secondsToTimeout(1_070_000, plan)).toBe(120);
    expect(phaseAt(1_189_999, plan)).toBe('warning');
    expect(phaseAt(1_190_000, plan)).toBe('timeout');
    expect(phaseAt(0, { warningMs: 1, deadline: null })).toBe('active');
  });

  it('moves server times onto the browser clock by the skew measured over the round trip', () => {
    const read = readStatus({
      SessionId: 's', IdleSeconds: 1200, WarningSeconds: 120, SessionMode: 'SINGLE',
      LastSeen: '2030-01-01T00:00:00.000Z', IdleExpiresAt: '2030-01-01T00:20:00.000Z',
      TerminatesAt: '2030-01-01T00:01:00.000Z', ServerTime: '2030-01-01T00:00:05.000Z',
    }, 1_000, 3_000);
    const server = Date.parse('2030-01-01T00:00:05.000Z');
    expect(read.skewMs).toBe(server - 2_000);
    expect(read.deadline).toBe(2_000 + 1_195_000);
    expect(read.terminatesAt).toBe(2_000 + 55_000);
    expect(read.warningMs).toBe(120_000);
  });

  it("polls from every 2 to every 15 seconds, and allows for the server's LastSeen write throttle", () => {
    expect(pollIntervalMs(24)).toBe(2_000);
    expect(pollIntervalMs(120)).toBe(6_000);
    expect(pollIntervalMs(1200)).toBe(15_000);
    expect(touchLagMs(1200)).toBe(60_000);
    expect(touchLagMs(24)).toBe(2_400);
  });
});
