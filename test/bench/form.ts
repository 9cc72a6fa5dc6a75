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
    else res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** Types a phrase into the input, answering each keystroke's time from the key event to the frame painted after it. */
async function keystrokesToPaint(page: Page, selector: string): Promise<number[]> {
  await page.evaluate(() => {
    (window as unknown as { lags: number[] }).lags = [];
    document.addEventListener('keydown', (e) => {
      const start = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => (window as unknown as { lags: number[] }).lags.push(performance.now() - start)));
    }, true);
  });
  for (const ch of 'keystrokes to paint') await page.locator(selector).press(ch === ' ' ? 'Space' : ch, { delay: 30 });
  await page.waitForTimeout(200);
  return page.evaluate(() => (window as unknown as { lags: number[] }).lags);
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
      const keystrokes: Record<'early' | 'settled', number[]> = { early: [], settled: [] };
      const reactMs: number[] = [];
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
          }
          await page.locator('input[id="root_Field101"]').click();
          await page.evaluate(() => { window.renderMs = []; });
          keystrokes[when].push(...(await keystrokesToPaint(page, 'input[id="root_Field101"]')));
          if (when === 'settled') reactMs.push(...(await page.evaluate(() => window.renderMs)));
          await page.close();
        }
      }
      const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
      console.log(`form: 200 fields, sections ${sections.padEnd(3)} first render median ${median(renders).toFixed(0)} ms from navigation start (the form's own, from script start: ${median(ownRenders).toFixed(0)} ms)`);
      for (const when of ['early', 'settled'] as const) {
        const label = when === 'early' ? 'while the rest mounts' : 'once all mounted    ';
        console.log(`form: 200 fields, sections ${sections.padEnd(3)} keystroke to paint ${label} median ${median(keystrokes[when]).toFixed(1)} ms, p90 ${p90(keystrokes[when]).toFixed(1)} ms (${keystrokes[when].length} keys)`);
      }
      console.log(`form: 200 fields, sections ${sections.padEnd(3)} React render per update median ${median(reactMs).toFixed(1)} ms`);
    }
    await plainReference(browser);
  } finally {
    await browser.close();
    server.close();
  }
}

/**
 * The floor the browser itself sets for the same measurement: a plain HTML page of 200 unstyled inputs and no
 * script of its own, typed into the same way.
 */
async function plainReference(browser: Awaited<ReturnType<typeof launchChromium>>): Promise<void> {
  const lags: number[] = [];
  for (let run = 0; run < 5; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.setContent(`<body>${Array.from({ length: 200 }, (_, i) => `<div><label>Field ${i + 1} <input id="f${i}"></label></div>`).join('')}</body>`);
    await page.locator('#f100').click();
    lags.push(...(await keystrokesToPaint(page, '#f100')));
    await page.close();
  }
  console.log(`form: for reference, a plain HTML page of 200 inputs: keystroke to paint median ${median(lags).toFixed(1)} ms (${lags.length} keys)`);
}
