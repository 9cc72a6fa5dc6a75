import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, screenshot, signInThroughForm, startServer } from './harness.ts';
import { adminApi } from './seed-through-api.ts';
import { xssPayloads } from './xss-payloads.ts';

/**
 * Before any page script: alert, confirm and prompt only record that they were called (a tripped payload calls
 * alert with its number), and every content-security-policy violation is recorded (an inline handler or script
 * that reached the DOM is blocked by the policy, and reported here).
 */
function installTripwire() {
  const w = window as unknown as { __tripped: string[]; __violations: string[] } & Record<string, unknown>;
  w.__tripped = [];
  w.__violations = [];
  for (const name of ['alert', 'confirm', 'prompt']) w[name] = (...args: unknown[]) => { w.__tripped.push(`${name}(${args.join(',')})`); };
  document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
}

/** What in the page could run script: handlers, script-bearing elements, script URLs. Empty for an inert page. */
function dangerousMarkup(): string[] {
  const found: string[] = [];
  const scriptUrl = /^\s*(javascript|vbscript):|^\s*data:(?!,|image\/(png|gif|jpe?g|webp))/i;
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (['iframe', 'frame', 'object', 'embed', 'base', 'math', 'video', 'audio', 'marquee', 'details'].includes(tag)) found.push(`<${tag}>`);
    if (tag === 'input' && el.getAttribute('type')?.toLowerCase() === 'image') found.push('<input type=image>');
    if (tag === 'script' && !(el as HTMLScriptElement).src.includes('/assets/')) found.push(`<script> ${el.textContent?.slice(0, 60)}`);
    if (tag === 'meta' && el.getAttribute('http-equiv')) found.push('<meta http-equiv>');
    for (const attr of Array.from(el.attributes)) {
      if (/^on/i.test(attr.name)) found.push(`<${tag} ${attr.name}>`);
      if (['href', 'src', 'action', 'formaction', 'background', 'xlink:href', 'data', 'srcdoc'].includes(attr.name.toLowerCase()) && (scriptUrl.test(attr.value) || attr.name === 'srcdoc')) found.push(`<${tag} ${attr.name}=${attr.value.slice(0, 40)}>`);
      if (attr.name === 'style' && /expression|url\(\s*['"]?\s*javascript/i.test(attr.value)) found.push(`<${tag} style=${attr.value.slice(0, 40)}>`);
    }
  }
  return found;
}

describe('XSS payloads stored through the API render inert (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  const recordIds: number[] = [];
  let combinedId: number;
  const keptBodies: string[] = [];
  let combinedBody: string;

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const api = await adminApi(app);
    const post = (url: string, payload: object) => api.post<Record<string, any>>(url, payload, 201);
    const formId = (await post('/api/forms', { Name: 'XSS Corpus', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).FormId;
    const field = (Name: string, FieldType: string, AttributeValues: object) =>
      post('/api/formfields', { FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues });
    // The payload as plain text (shown in the grid and the form, where it must stay text) and as rich text.
    await field('Title', 'text', { maxLength: 2000 });
    await field('Notes', 'textArea', { maxLength: 8000 });
    await field('Body', 'richText', { maxLength: 100000 });
    for (const payload of xssPayloads) recordIds.push((await post(`/api/forms/${formId}/records`, { Title: payload, Notes: payload, Body: payload })).RecordId);
    // One record shows every payload's rich text as the server kept it alone (joined after cleaning, so no payload's
    // unclosed tag swallows the next): one screen to check instead of one per payload.
    for (const id of recordIds) {
      keptBodies.push((await api.get<{ Body?: string }>(`/api/forms/${formId}/records/${id}`)).Body ?? '');
    }
    combinedId = (await post(`/api/forms/${formId}/records`, { Title: 'Every payload', Notes: xssPayloads.join('\n'), Body: keptBodies.join('<br>') })).RecordId;
    combinedBody = (await api.get<{ Body: string }>(`/api/forms/${formId}/records/${combinedId}`)).Body;

    browser = await launchChromium();
    ({ page, consoleErrors } = await openPage(browser));
    await page.addInitScript(installTripwire);
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl);
    await page.waitForURL(`${baseUrl}/home`);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const tripped = () => page.evaluate(() => (window as unknown as { __tripped: string[] }).__tripped);
  const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

  it('holds a corpus of at least 40 payloads', () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(40);
    expect(new Set(xssPayloads).size).toBe(xssPayloads.length);
  });

  it('the grid shows every payload as text: no script runs, no handler is there to fire', async () => {
    await page.goto(`${baseUrl}/xss-corpus?pageSize=100`);
    // Every plain-text payload is in a cell, as the characters typed.
    for (const payload of xssPayloads.slice(0, 5)) await expect.poll(() => page.getByRole('cell', { name: payload, exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(xssPayloads.length);
    // Hover and focus over every row: a handler left on any element would fire now.
    for (const row of (await page.getByRole('row').all()).slice(1, 12)) await row.hover();
    await screenshot(page, 'xss-01-grid');
    expect(await page.evaluate(dangerousMarkup)).toEqual([]);
    expect(await tripped()).toEqual([]);
    expect(await violations()).toEqual([]);
  });

  it('the record screen shows every payload inert: the rich text keeps only formatting, the plain text stays text', async () => {
    await page.goto(`${baseUrl}/xss-corpus/update/${combinedId}`);
    const editor = page.getByRole('textbox', { name: 'Body' });
    await expect.poll(() => editor.isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Notes').inputValue()).toBe(xssPayloads.join('\n'));
    await editor.hover();
    await editor.click();
    await screenshot(page, 'xss-02-record-every-payload');
    // Each payload's kept formatting is on this screen, none lost to its neighbours.
    for (const kept of keptBodies) expect(combinedBody).toContain(kept);
    expect(await page.evaluate(dangerousMarkup)).toEqual([]);
    expect(await tripped()).toEqual([]);
    expect(await violations()).toEqual([]);
    // The UI ran normally under the policy throughout.
    expect(consoleErrors).toEqual([]);
  });

  it('the instruments would see a payload that got through (the checks above can fail)', async () => {
    await page.evaluate(() => {
      const planted = document.createElement('div');
      planted.innerHTML = '<img src="data:," onerror="alert(999)"><a href="javascript:alert(998)">x</a>';
      document.body.append(planted);
    });
    await expect.poll(violations).not.toEqual([]);
    expect(await page.evaluate(dangerousMarkup)).toEqual(expect.arrayContaining(['<img onerror>', '<a href=javascript:alert(998)>']));
    // The policy blocked the handler: even the planted payload did not run.
    expect(await tripped()).toEqual([]);
  });
});
