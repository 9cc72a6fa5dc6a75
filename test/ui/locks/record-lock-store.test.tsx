import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRecordLock } from '../../../ui/locks/store.ts';
import { useSession } from '../../../ui/stores/session.ts';
import type { LoginResponse } from '../../../metadata/types/LoginResponse.ts';

type Call = { method: string; url: string };

/** Spec 2 "Record lock lifecycle" and section 9's timings, in the browser's lock store (fetch answered here). */
describe('the record lock of a tab', () => {
  let calls: Call[];
  let answer: (call: Call) => Response | Promise<Response>;

  beforeEach(() => {
    vi.useFakeTimers();
    calls = [];
    answer = () => new Response(null, { status: 204 });
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url };
      calls.push(call);
      return answer(call);
    }));
    useSession.setState({ token: 't', session: { SessionId: 's', InstanceId: 'i' } as LoginResponse['Session'] });
  });
  afterEach(async () => {
    await useRecordLock.getState().release();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const hold = (seconds: number) => useRecordLock.getState().hold({ lockId: 'L1', domain: 'roles', recordId: 7, durationSeconds: seconds, expiresAt: Date.now() + seconds * 1000 });

  it('asks to renew 30 s before expiry; No lets it run out: at expiry the notice shows and the lock is released', async () => {
    hold(40);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(useRecordLock.getState().phase).toBe('held');
    await vi.advanceTimersByTimeAsync(1);
    expect(useRecordLock.getState().phase).toBe('warning');
    useRecordLock.getState().decline();
    expect(useRecordLock.getState().phase).toBe('held');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(useRecordLock.getState()).toMatchObject({ phase: 'expired', expiredNotice: true, lock: null });
    expect(calls).toContainEqual({ method: 'DELETE', url: '/api/record-locks/L1' });
    expect(sessionStorage.getItem('metadmin.recordlock')).toBeNull();
  });

  it('Yes renews (a second Yes within 1 s sends nothing), and the lock lasts its full duration again', async () => {
    answer = () => new Response(JSON.stringify({ RecordLockId: 'L1', LockDuration: 40 }), { headers: { 'content-type': 'application/json' } });
    hold(40);
    await vi.advanceTimersByTimeAsync(10_000);
    useRecordLock.getState().renew();
    useRecordLock.getState().renew();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c.url === '/api/record-locks/L1' && c.method === 'GET')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(35_000);
    expect(useRecordLock.getState().phase).toBe('warning');
    expect(useRecordLock.getState().lock?.lockId).toBe('L1');
  });

  it('release resolves within 3 s even when the server never answers', async () => {
    answer = () => new Promise<Response>(() => undefined);
    hold(40);
    let released = false;
    void useRecordLock.getState().release().then(() => { released = true; });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(released).toBe(true);
  });

  it("the session's end cancels the timers and forgets the lock", async () => {
    hold(40);
    expect(JSON.parse(sessionStorage.getItem('metadmin.recordlock') ?? 'null')).toMatchObject({ lockId: 'L1' });
    useSession.getState().ended();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(useRecordLock.getState()).toMatchObject({ phase: 'none', lock: null, expiredNotice: false });
    expect(calls).toEqual([]);
  });
});
