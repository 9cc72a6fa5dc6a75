import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumPath, signInThroughForm } from './harness.ts';

/** One Lighthouse audit of a page: its scores (0-100) and the figures behind performance. */
export interface Audit {
  url: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  transferKiB: number;
  benchmarkIndex: number;
  failedA11y: string[];
}

/**
 * Chromium with a debugging port Lighthouse drives, in a persistent profile so that a page signed in (the session is
 * in localStorage) stays signed in for the audit.
 */
export async function auditBrowser(): Promise<{ context: BrowserContext; port: number; close(): Promise<void> }> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'lighthouse-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return { context, port, close: async () => { await context.close(); await rm(profile, { recursive: true, force: true }); } };
}

/**
 * Signs in through the form in the audit browser, so /home can be audited as a signed-in user sees it. The answer
 * empties the HTTP cache (storage is kept for such an audit, the cache with it): call it before each audit, so each
 * is a first visit.
 */
export async function signInForAudit(context: BrowserContext, baseUrl: string): Promise<() => Promise<void>> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await signInThroughForm(page, baseUrl, 'admin');
  await page.waitForURL(`${baseUrl}/home`);
  const cdp = await context.newCDPSession(page);
  return async () => { await cdp.send('Network.clearBrowserCache'); };
}

/** Lighthouse's runtime errors that are its trace recording failing, not the page: "Please run Lighthouse again." */
const toolFailures = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_DCL', 'PROTOCOL_TIMEOUT']);

/**
 * Lighthouse's mobile preset as it is (a 412 px phone, slow 4G, the CPU slowed 4x, simulated) on one URL, performance
 * and accessibility only. `keepStorage` keeps the signed-in session (and the HTTP cache: empty it before).
 */
export async function audit(port: number, url: string, options: { keepStorage?: boolean } = {}): Promise<Audit> {
  const run = async () => {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: options.keepStorage ?? false,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  };
  let lhr = await run();
  // Lighthouse's own recording failing (it asks to be run again) says nothing of the page: run once more. A page that
  // paints nothing (NO_FCP) is not such a failure.
  if (lhr.runtimeError && toolFailures.has(lhr.runtimeError.code)) lhr = await run();
  // The whole report beside the figures, to see what held a page up.
  await mkdir('test-results/lighthouse', { recursive: true });
  await writeFile(`test-results/lighthouse/${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}.json`, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const a11yRefs = lhr.categories.accessibility.auditRefs.filter((r) => r.weight > 0).map((r) => r.id);
  return {
    url,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    transferKiB: Math.round((lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    failedA11y: a11yRefs.filter((id) => lhr.audits[id]?.score === 0),
  };
}

export const auditLine = (a: Audit) =>
  `${a.url.replace(/^https?:\/\/[^/]+/, '')}: performance ${a.performance}, accessibility ${a.accessibility} (FCP ${a.fcpMs} ms, LCP ${a.lcpMs} ms, TBT ${a.tbtMs} ms, ${a.transferKiB} KiB; benchmark index ${a.benchmarkIndex})`;
