import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue, Result } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const failingImpacts: ImpactValue[] = ['serious', 'critical'];

/** One line per failing rule: its id, what it asks for, and the elements that break it. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.html.slice(0, 200)}: ${n.failureSummary?.replace(/\n\s*/g, ' ')}`).join('\n')}`)
    .join('\n');
}

/**
 * Waits for the page's finite animations and transitions: a notice fading in is half transparent, and its contrast,
 * measured then, is not the contrast anyone reads. Endless ones (a spinner) are left running.
 */
function finishedTransitions(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

type AxeRun = { results: AxeResults; mutations: number };

/** One axe run, counting the changes to the document while it ran. */
function runAxe(page: Page): Promise<AxeRun> {
  return page.evaluate(async () => {
    let mutations = 0;
    const observer = new MutationObserver((records) => { mutations += records.length; });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    mutations += observer.takeRecords().length;
    observer.disconnect();
    return { results, mutations };
  });
}

/**
 * axe-core's serious and critical violations on the page as it is now. axe is evaluated into the page on first use per
 * document through the DevTools protocol, which the page's content security policy (no inline script) does not govern.
 * A run during which the document changed saw a page between two states (a button enabled halfway through): it is
 * run again, until the page held still for a whole run.
 */
export async function seriousViolations(page: Page, attempts = 5): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  await finishedTransitions(page);
  let run = await runAxe(page);
  for (let attempt = 1; run.mutations > 0 && attempt < attempts; attempt++) run = await runAxe(page);
  if (run.mutations > 0) throw new Error(`${page.url()} kept changing during ${attempts} axe runs`);
  return run.results.violations.filter((v) => v.impact && failingImpacts.includes(v.impact));
}

/**
 * Fails with every serious or critical axe-core violation on the page, named by `label` (the screen). Call it once
 * the screen has settled: its content loaded, not a spinner.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length) throw new Error(`${label} (${page.url()}) has accessibility violations:\n${describeViolations(violations)}`);
}
