import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/harness.ts';
import { machineCpuTicks, othersCpuMs } from './cpu.ts';

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export async function serve(dir: string): Promise<{ server: Server; base: string }> {
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

type Browser = Awaited<ReturnType<typeof launchChromium>>;

/** A page the same modes are measured on: the engine's form, or the reference beside it. */
export interface Subject {
  label: string;
  /** Path and query of the page (with `fields=`), without `open=click`. */
  url: string;
}

/** What one subject measured, run after run. */
interface Samples {
  renders: number[];
  ownRenders: number[];
  allMounted: number[];
  keystrokes: Record<'early' | 'settled', Keystrokes[]>;
  reactMs: number[];
  returning: number[];
  opened: Record<'first' | 'again', number[]>;
}

/** One subject's figures, by row of the printed table. */
type Figures = Record<string, string>;

const runs = 5;

/**
 * A generated form of 200 fields in Chromium (production build): time to first render (from navigation start,
 * and from the page's script start) on a cold first visit, on a returning visit and when opened from a button
 * in the running page; the time from a keystroke to the next painted frame, typed as soon as the first
 * screenful shows and once every field is mounted. The engine's form, with and without sections, beside the
 * same schema in a plain @rjsf/mui `Form` (none of the engine's code) and a plain HTML page of 200 inputs.
 */
export async function formBench(): Promise<void> {
  await measureForms([
    { label: 'ours, sections on', url: '/?fields=200&sections=on' },
    { label: 'ours, sections off', url: '/?fields=200&sections=off' },
    { label: 'plain RJSF', url: '/plain.html?fields=200' },
  ], runs);
}

/** Builds the bench pages and measures each subject in every mode, printing a table of medians. */
export async function measureForms(subjects: Subject[], runCount: number): Promise<void> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'form-bench-'));
  await buildPages(path.resolve('test/bench/form-page'), outDir);
  const { server, base } = await serve(outDir);
  try {
    await measureServed(base, subjects, runCount);
  } finally {
    server.close();
  }
}

/** Builds the form page and the plain RJSF page in `root` into `outDir`, their assets under `assetBase`. */
export async function buildPages(root: string, outDir: string, assetBase = '/'): Promise<void> {
  // Two separate builds, so the plain RJSF page's bundle holds none of the engine's code.
  for (const [page, emptyOutDir] of [['index.html', true], ['plain.html', false]] as const) {
    // React's profiling build: production speed, with the Profiler's timings.
    await build({
      root, base: assetBase, plugins: [react()], logLevel: 'error',
      resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
      build: { outDir, emptyOutDir, rollupOptions: { input: path.resolve(root, page) } },
    });
  }
}

/**
 * Measures each subject (a page under `base`) in every mode, the subjects taken in turn within each run so that
 * a slow moment of the machine falls on all of them alike, and prints a table of medians.
 */
export async function measureServed(base: string, subjects: Subject[], runCount: number): Promise<void> {
  const browser = await launchChromium();
  try {
    const samples = subjects.map(emptySamples);
    for (let run = 0; run < runCount; run++) {
      for (const [i, subject] of subjects.entries()) {
        for (const measure of [firstVisit(base + subject.url, 'early'), firstVisit(base + subject.url, 'settled'), returningVisit(base + subject.url), openedInApp(base + subject.url)]) {
          await undisturbed((sample) => measure(browser, sample), samples[i]);
        }
      }
    }
    const columns = [...samples.map(figures), await plainReference(browser, runCount)];
    const labels = [...subjects.map((s) => s.label), 'plain HTML'];
    const rows = [...new Set(columns.flatMap((c) => Object.keys(c)))];
    const width = Math.max(...rows.map((r) => r.length));
    const cell = (text: string, i: number) => text.padStart(Math.max(labels[i].length, 10));
    console.log(`form: 200 fields, medians of ${runCount} runs (ms unless shown)${disturbedSamples ? `; ${disturbedSamples} samples disturbed by another process's work all the same` : ''}`);
    console.log(`form: ${''.padEnd(width)} | ${labels.map(cell).join(' | ')}`);
    for (const row of rows) console.log(`form: ${row.padEnd(width)} | ${columns.map((c, i) => cell(c[row] ?? '-', i)).join(' | ')}`);
  } finally {
    await browser.close();
  }
}

const ms = (x: number) => x.toFixed(0);

/** Waits (up to 30 s) until the machine's CPUs have been nearly idle for half a second. */
async function quietMachine(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const before = machineCpuTicks();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = machineCpuTicks();
    if (!before || !after || (after.busy - before.busy) / (after.total - before.total) < 0.1) return;
  }
}

/** How many samples were kept although another process used the CPU while they were taken. */
let disturbedSamples = 0;

/**
 * Takes a sample when the machine is quiet, and again (up to 5 times) while another process (a test run
 * beside the bench) took more than a tenth of a CPU over the sample: that time would be measured as the form's.
 */
async function undisturbed(measure: (into: Samples) => Promise<void>, into: Samples): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await quietMachine();
    const sample = emptySamples();
    const before = othersCpuMs();
    const started = performance.now();
    await measure(sample);
    const after = othersCpuMs();
    const othersMs = before === undefined || after === undefined ? 0 : after - before;
    const disturbed = othersMs > 0.1 * (performance.now() - started);
    if (!disturbed || attempt === 5) {
      if (disturbed) disturbedSamples++;
      mergeSamples(into, sample);
      return;
    }
  }
}

function emptySamples(): Samples {
  return { renders: [], ownRenders: [], allMounted: [], keystrokes: { early: [], settled: [] }, reactMs: [], returning: [], opened: { first: [], again: [] } };
}

function mergeSamples(into: Samples, from: Samples): void {
  for (const key of ['renders', 'ownRenders', 'allMounted', 'reactMs', 'returning'] as const) into[key].push(...from[key]);
  for (const when of ['early', 'settled'] as const) into.keystrokes[when].push(...from.keystrokes[when]);
  for (const when of ['first', 'again'] as const) into.opened[when].push(...from.opened[when]);
}

/** Rows of figures for a set of keystrokes. */
function keystrokeRows(when: string, k: Keystrokes): Figures {
  const withinFrame = Math.max(0, 1 - k.slow.length / k.count);
  const p90 = [...k.slow].sort((a, b) => b - a)[Math.floor(k.count * 0.1)];
  // Known when at least half the keystrokes took 16 ms or more (the fast ones are not reported one by one).
  const p50 = [...k.slow].sort((a, b) => b - a)[Math.floor(k.count * 0.5)];
  return {
    [`keystroke ${when}: next paint under 16 ms (Event Timing)`]: `${(withinFrame * 100).toFixed(0)}%`,
    [`keystroke ${when}: next paint median (Event Timing, 8 ms steps)`]: p50 === undefined ? '<16' : String(p50),
    [`keystroke ${when}: next paint p90 (Event Timing, 8 ms steps)`]: p90 === undefined ? '<16' : String(p90),
    [`keystroke ${when}: until the main thread is free, median`]: median(k.lags).toFixed(1),
  };
}

function figures(s: Samples): Figures {
  return {
    'first visit: first render from navigation start': ms(median(s.renders)),
    'first visit: first render from script start': ms(median(s.ownRenders)),
    'first visit: every field mounted, from navigation start': ms(median(s.allMounted)),
    ...keystrokeRows('while the rest mounts', joined(s.keystrokes.early)),
    ...keystrokeRows('once all mounted', joined(s.keystrokes.settled)),
    'keystroke once all mounted: React render per update, median': median(s.reactMs).toFixed(1),
    'returning visit: first render from navigation start': ms(median(s.returning)),
    'opened in the running page: first render, first time': ms(median(s.opened.first)),
    'opened in the running page: first render, again': ms(median(s.opened.again)),
  };
}

/**
 * A cold first visit (a new browser context, nothing cached): its first render, or when every field is
 * mounted; then keystrokes, typed as soon as the first screenful shows (`early`) or once every field is
 * mounted (`settled`).
 */
const firstVisit = (url: string, when: 'early' | 'settled') => async (browser: Browser, samples: Samples): Promise<void> => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => window.benchReady !== undefined, undefined, { timeout: 30_000 });
  if (when === 'early') {
    samples.renders.push(await page.evaluate(() => window.benchReady!));
    samples.ownRenders.push(await page.evaluate(() => window.benchReady! - window.benchStart));
  } else {
    // Every field mounted (the rest of the form follows the first screenful in the frames after it).
    await page.waitForFunction(() => document.querySelectorAll('.MuiSkeleton-root').length === 0, undefined, { timeout: 30_000 });
    samples.allMounted.push(await page.evaluate(() => performance.now()));
  }
  await page.locator('input[id="root_Field101"]').click();
  await page.evaluate(() => { window.renderMs = []; });
  samples.keystrokes[when].push(await typeAndTime(page, 'input[id="root_Field101"]'));
  if (when === 'settled') samples.reactMs.push(...(await page.evaluate(() => window.renderMs)));
  await page.close();
};

/**
 * A returning user's visit: the page loaded again in the same browser, its scripts from the cache and
 * already compiled (Chromium keeps compiled code for scripts it has run before).
 */
const returningVisit = (url: string) => async (browser: Browser, samples: Samples): Promise<void> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  for (let visit = 0; visit < 5; visit++) {
    await page.goto(url);
    await page.waitForFunction(() => window.benchReady !== undefined, undefined, { timeout: 30_000 });
    // The first visits fill the caches (the compiled code is kept from the second run of a script).
    if (visit >= 3) samples.returning.push(await page.evaluate(() => window.benchReady!));
  }
  await context.close();
};

/**
 * The same form opened from a button in a page whose code is loaded and running, as a screen opens in the
 * app: the first time, and again after closing it.
 */
const openedInApp = (url: string) => async (browser: Browser, samples: Samples): Promise<void> => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${url}&open=click`);
  for (const when of ['first', 'again'] as const) {
    await page.getByRole('button', { name: 'Open the form' }).click();
    await page.waitForFunction(() => window.benchReady !== undefined, undefined, { timeout: 30_000 });
    samples.opened[when].push(await page.evaluate(() => window.benchReady! - window.benchStart));
    await page.waitForFunction(() => document.querySelectorAll('.MuiSkeleton-root').length === 0, undefined, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Close the form' }).click();
  }
  await page.close();
};

/**
 * The floor the browser itself sets for the same measurement: a plain HTML page of 200 unstyled inputs and no
 * script of its own, typed into the same way.
 */
async function plainReference(browser: Browser, runCount: number): Promise<Figures> {
  const samples = emptySamples();
  for (let run = 0; run < runCount; run++) {
    await undisturbed(async (sample) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.setContent(`<body>${Array.from({ length: 200 }, (_, i) => `<div><label>Field ${i + 1} <input id="f${i}"></label></div>`).join('')}</body>`);
      await page.locator('#f100').click();
      sample.keystrokes.settled.push(await typeAndTime(page, '#f100'));
      await page.close();
    }, samples);
  }
  return keystrokeRows('once all mounted', joined(samples.keystrokes.settled));
}
