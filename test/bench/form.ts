import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/harness.ts';

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

async function serve(dir: string): Promise<{ server: Server; base: string }> {
  const server = createServer(async (req, res) => {
    const file = path.join(dir, new URL(req.url ?? '/', 'http://x').pathname.replace(/\/$/, '/index.html'));
    const body = await readFile(file).catch(() => null);
    if (!body) res.writeHead(404).end();
    // Cached as the app's server caches them (server/plugins/static-ui.ts): hashed assets for good, the page never.
    else res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', 'cache-control': file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

interface Keystrokes {
  /** From each key event to the frame painted after it, and until a timer runs after that frame (the main thread free again). */
  lags: number[];
  /** The browser's own keystroke-to-next-paint (Event Timing, as INP counts it, in 8 ms steps) of each keystroke it reports at 16 ms or more. */
  slow: number[];
  /** How many keystrokes Event Timing saw in all, the fast ones included. */
  count: number;
}

/** Types a phrase into the input, timing each keystroke two ways. */
async function typeAndTime(page: Page, selector: string): Promise<Keystrokes> {
  await page.evaluate(() => {
    const w = window as unknown as { lags: number[]; slow: Map<number, number>; interactionsBefore: number };
    w.lags = [];
    w.slow = new Map();
    w.interactionsBefore = (performance as unknown as { interactionCount: number }).interactionCount;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) if (e.interactionId) w.slow.set(e.interactionId, Math.max(w.slow.get(e.interactionId) ?? 0, e.duration));
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    document.addEventListener('keydown', (e) => {
      const start = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => w.lags.push(performance.now() - start)));
    }, true);
  });
  for (const ch of 'keystrokes to paint') await page.locator(selector).press(ch === ' ' ? 'Space' : ch, { delay: 30 });
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    const w = window as unknown as { lags: number[]; slow: Map<number, number>; interactionsBefore: number };
    return { lags: w.lags, slow: [...w.slow.values()], count: (performance as unknown as { interactionCount: number }).interactionCount - w.interactionsBefore };
  });
}

/** Keystrokes timed on several pages, together. */
function joined(all: Keystrokes[]): Keystrokes {
  return { lags: all.flatMap((k) => k.lags), slow: all.flatMap((k) => k.slow), count: all.reduce((n, k) => n + k.count, 0) };
}

/** One line of figures for a set of keystrokes. */
function describe(k: Keystrokes): string {
  const withinFrame = 1 - k.slow.length / k.count;
  const p90 = [...k.slow].sort((a, b) => b - a)[Math.floor(k.count * 0.1)];
  return `to next paint ${(withinFrame * 100).toFixed(0)}% under 16 ms, p90 ${p90 === undefined ? 'under 16' : p90} ms (Event Timing); until the main thread is free median ${median(k.lags).toFixed(1)} ms (${k.count} keys)`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * A generated form of 200 fields rendered by the engine in Chromium (production build): time to first
 * render (from navigation start, and from the page's script start), and the median time from a keystroke
 * to the next painted frame, typed as soon as the first screenful shows and once every field is mounted,
 * with and without sections.
 */
export async function formBench(): Promise<void> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'form-bench-'));
  // React's profiling build: production speed, with the Profiler's timings.
  await build({
    root: path.resolve('test/bench/form-page'), plugins: [react()], logLevel: 'error',
    resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
    build: { outDir, emptyOutDir: true },
  });
  const { server, base } = await serve(outDir);
  const browser = await launchChromium();
  try {
    for (const sections of ['on', 'off']) {
      const renders: number[] = [];
      const ownRenders: number[] = [];
      const keystrokes: Record<'early' | 'settled', Keystrokes[]> = { early: [], settled: [] };
      const reactMs: number[] = [];
      const allMounted: number[] = [];
      for (let run = 0; run < 5; run++) {
        for (const when of ['early', 'settled'] as const) {
          const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
          await page.goto(`${base}/?fields=200&sections=${sections}`);
          await page.waitForFunction(() => window.benchReady !== undefined, undefined, { timeout: 30_000 });
          if (when === 'early') {
            renders.push(await page.evaluate(() => window.benchReady!));
            ownRenders.push(await page.evaluate(() => window.benchReady! - window.benchStart));
          } else {
            // Every field mounted (the rest of the form follows the first screenful in the frames after it).
            await page.waitForFunction(() => document.querySelectorAll('.MuiSkeleton-root').length === 0, undefined, { timeout: 30_000 });
            allMounted.push(await page.evaluate(() => performance.now()));
          }
          await page.locator('input[id="root_Field101"]').click();
          await page.evaluate(() => { window.renderMs = []; });
          keystrokes[when].push(await typeAndTime(page, 'input[id="root_Field101"]'));
          if (when === 'settled') reactMs.push(...(await page.evaluate(() => window.renderMs)));
          await page.close();
        }
      }
      console.log(`form: 200 fields, sections ${sections.padEnd(3)} first render median ${median(renders).toFixed(0)} ms from navigation start (the form's own, from script start: ${median(ownRenders).toFixed(0)} ms); every field mounted at ${median(allMounted).toFixed(0)} ms`);
      for (const when of ['early', 'settled'] as const) {
        const label = when === 'early' ? 'while the rest mounts' : 'once all mounted    ';
        console.log(`form: 200 fields, sections ${sections.padEnd(3)} keystroke ${label} ${describe(joined(keystrokes[when]))}`);
      }
      console.log(`form: 200 fields, sections ${sections.padEnd(3)} React render per update median ${median(reactMs).toFixed(1)} ms`);
    }
    await returningVisit(browser, base);
    await openedInApp(browser, base);
    await plainReference(browser);
  } finally {
    await browser.close();
    server.close();
  }
}

/**
 * A returning user's visit: the page loaded again in the same browser, its scripts from the cache and
 * already compiled (Chromium keeps compiled code for scripts it has run before).
 */
async function returningVisit(browser: Awaited<ReturnType<typeof launchChromium>>, base: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const renders: number[] = [];
  for (let visit = 0; visit < 8; visit++) {
    await page.goto(`${base}/?fields=200&sections=on`);
    await page.waitForFunction(() => window.benchReady !== undefined, undefined, { timeout: 30_000 });
    // The first visits fill the caches (the compiled code is kept from the second run of a script).
    if (visit >= 3) renders.push(await page.evaluate(() => window.benchReady!));
  }
  await context.close();
  console.log(`form: 200 fields, sections on  first render median ${median(renders).toFixed(0)} ms from navigation start on a returning visit (scripts cached and compiled)`);
}

/**
 * The same form opened from a button in a page whose code is loaded and running, as a screen opens in the
 * app: the first time, and again after closing it.
 */
async function openedInApp(browser: Awaited<ReturnType<typeof launchChromium>>, base: string): Promise<void> {
  const times: Record<'first' | 'again', number[]> = { first: [], again: [] };
  for (let run = 0; run < 5; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/?fields=200&sections=on&open=click`);
    for (const when of ['first', 'again'] as const) {
      await page.getByRole('button', { name: 'Open the form' }).click();
      await page.waitForFunction(() => window.benchReady !== undefined, undefined, { timeout: 30_000 });
      times[when].push(await page.evaluate(() => window.benchReady! - window.benchStart));
      await page.waitForFunction(() => document.querySelectorAll('.MuiSkeleton-root').length === 0, undefined, { timeout: 30_000 });
      await page.getByRole('button', { name: 'Close the form' }).click();
    }
    await page.close();
  }
  console.log(`form: 200 fields, opened in the running app: first render median ${median(times.first).toFixed(0)} ms the first time, ${median(times.again).toFixed(0)} ms when opened again`);
}

/**
 * The floor the browser itself sets for the same measurement: a plain HTML page of 200 unstyled inputs and no
 * script of its own, typed into the same way.
 */
async function plainReference(browser: Awaited<ReturnType<typeof launchChromium>>): Promise<void> {
  const keys: Keystrokes[] = [];
  for (let run = 0; run < 5; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.setContent(`<body>${Array.from({ length: 200 }, (_, i) => `<div><label>Field ${i + 1} <input id="f${i}"></label></div>`).join('')}</body>`);
    await page.locator('#f100').click();
    keys.push(await typeAndTime(page, '#f100'));
    await page.close();
  }
  console.log(`form: for reference, a plain HTML page of 200 inputs: keystroke ${describe(joined(keys))}`);
}
