import { writeFile, mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startServer } from './harness.ts';
import { adminApi } from './seed-through-api.ts';
import { shippedFormId } from './seed-public-pages.ts';
import { audit, auditBrowser, auditLine, signInForAudit, type Audit } from './lighthouse.ts';

/**
 * The performance score asserted. Issue 32's target is 95 (`npm run test:lighthouse` asserts it, 5 runs each, on a
 * quiet machine). In the e2e suite, on a busy 2-core CI machine where the same build scores 10 to 20 less, 70 is the
 * floor that still fails on what this check is for: the first screen growing back (it scored 55 before, with its
 * 28 files and every MUI part behind one text field).
 */
const minPerformance = Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE ?? 70);
/** Lighthouse's scores vary from run to run: its docs advise the median of several (here 3, 5 with LIGHTHOUSE_RUNS=5). */
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const median = (audits: Audit[]) => [...audits].sort((a, b) => a.performance - b.performance)[Math.floor(audits.length / 2)];

/**
 * Issue 32: where people arrive (/login, the public account pages, the public pages, /home) is fast on a phone and fully accessible:
 * Lighthouse's mobile preset as it is (a 412 px phone, slow 4G, the CPU slowed 4x), the median of several runs.
 */
describe('the first screens on a phone, by Lighthouse', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Awaited<ReturnType<typeof auditBrowser>>;
  const figures: Audit[] = [];
  let bulletinPath = '';

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer({ applyShippedForms: true }));
    browser = await auditBrowser();
    const api = await adminApi(app);
    const today = new Date().toISOString().slice(0, 10);
    const bulletin = await api.post<{ RecordId: number }>(`/api/forms/${await shippedFormId(app, 'Bulletins')}/records`, {
      Title: 'Water off on Tuesday', Body: '<p>The water is off <strong>all day</strong> on Tuesday, from 8 to 17.</p>', PublishDate: today,
    }, 201);
    bulletinPath = `/bulletin/view/${bulletin.RecordId}`;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await mkdir('test-results', { recursive: true });
    await writeFile('test-results/lighthouse.json', JSON.stringify(figures, null, 2));
    for (const a of figures) console.log(auditLine(a));
  });

  /** A first visit of any of these pages fetches its first screen's chunk alone (about 150 KiB): less came from a cache. */
  const firstVisitKiB = 100;

  async function measured(path: string, emptyCache?: () => Promise<void>): Promise<Audit> {
    const audits: Audit[] = [];
    for (let i = 0; i < runs; i++) {
      let result: Audit;
      // Emptied from another tab, the cache is now and then still there for the audit's page: such a run is no first
      // visit (it scored higher), so it is run again.
      for (let tries = 0; ; tries++) {
        await emptyCache?.();
        result = await audit(browser.port, `${baseUrl}${path}`, { keepStorage: Boolean(emptyCache) });
        if (result.transferKiB >= firstVisitKiB || tries === 2) break;
      }
      expect(result.transferKiB, `${path} was served from a cache: ${auditLine(result)}`).toBeGreaterThanOrEqual(firstVisitKiB);
      audits.push(result);
    }
    figures.push(...audits);
    return median(audits);
  }

  // The public pages people arrive at signed out (a bulletin's path is known once it is made).
  for (const path of ['/login', '/user/passwordrecovery', '/user/usernamerecovery', '/customercare/contactus', '/scheduleBigPicture', 'a bulletin']) {
    it(`${path} scores ${minPerformance}+ for performance and 100 for accessibility`, async () => {
      const result = await measured(path === 'a bulletin' ? bulletinPath : path);
      expect(result.failedA11y).toEqual([]);
      expect(result.accessibility).toBe(100);
      expect(result.performance, auditLine(result)).toBeGreaterThanOrEqual(minPerformance);
    });
  }

  it(`/home, signed in, scores ${minPerformance}+ for performance and 100 for accessibility`, async () => {
    const emptyCache = await signInForAudit(browser.context, baseUrl);
    const result = await measured('/home', emptyCache);
    expect(result.failedA11y).toEqual([]);
    expect(result.accessibility).toBe(100);
    expect(result.performance, auditLine(result)).toBeGreaterThanOrEqual(minPerformance);
  });
});
