import { afterEach, describe, expect, it, vi } from 'vitest';

/** A paint-timing observer the test feeds by hand (the test's DOM paints nothing). */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static last: FakePaintObserver | null = null;
  disconnected = false;
  constructor(private readonly callback: (entries: { getEntriesByName(name: string): unknown[] }, observer: FakePaintObserver) => void) {
    FakePaintObserver.last = this;
  }
  observe() {}
  disconnect() { this.disconnected = true; }
  paint(name: string) { this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, this); }
}

async function freshModule() {
  vi.resetModules();
  return import('../../ui/boot/first-paint.ts');
}
const settled = async (promise: Promise<void>) => Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 0))]);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('work that waits for the first contentful paint', () => {
  it('waits for the first contentful paint, not for any paint before it', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const { afterFirstPaint } = await freshModule();
    const waiting = afterFirstPaint();
    expect(await settled(waiting)).toBe(false);
    FakePaintObserver.last!.paint('first-paint');
    expect(await settled(waiting)).toBe(false);
    FakePaintObserver.last!.paint('first-contentful-paint');
    expect(await settled(waiting)).toBe(true);
    expect(FakePaintObserver.last!.disconnected).toBe(true);
    expect(await settled(afterFirstPaint())).toBe(true); // asked again later: at once
  });

  it('starts after a moment anyway when nothing is painted (a background tab)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const { afterFirstPaint } = await freshModule();
    let done = false;
    void afterFirstPaint().then(() => { done = true; });
    await vi.advanceTimersByTimeAsync(900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
  });

  it('does not wait where there is no paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const { afterFirstPaint } = await freshModule();
    expect(await settled(afterFirstPaint())).toBe(true);
  });
});
