import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { credentialsOf, screenshot, signedInBrowser, startServer } from './harness.ts';
import { adminApi } from './seed-through-api.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/rich-text/${name}`, import.meta.url), 'utf8');

/** Nothing of a word processor's markup is stored: no styles, classes, Office tags, comments, spans or fonts. */
function expectNoOfficeMarkup(html: string) {
  expect(html).not.toMatch(/style=|class=|mso-|<o:|<\/o:|<!--|<!\[|<span|<font|<div|<meta|<title|<xml|docs-internal-guid|dir=|id=/i);
}

/** A paste as the browser makes it: a real ClipboardEvent holding the word processor's text/html (and plain text). */
async function paste(editor: Locator, html: string) {
  await editor.click();
  await editor.evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData('text/html', pasted);
    // Not parsed to get the text: Chromium would report the hostile paste's handlers on the console as it parsed.
    data.setData('text/plain', pasted.replace(/<[^>]*>/g, ''));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

describe('rich text pasted from word processors is stored clean (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let formId: number;

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const api = await adminApi(app);
    formId = (await api.post<{ FormId: number }>('/api/forms', { Name: 'Site Visit', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true }, 201)).FormId;
    const field = (Name: string, FieldType: string, AttributeValues: object = {}) =>
      api.post('/api/formfields', { FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues }, 201);
    await field('Subject', 'text', { required: true });
    await field('Report', 'richText');
    ({ browser, page, consoleErrors } = await signedInBrowser(baseUrl));
    // Any script a paste smuggled in records itself here instead of running unseen.
    await page.addInitScript(() => {
      (window as unknown as { __tripped: string[] }).__tripped = [];
      window.alert = (...args: unknown[]) => (window as unknown as { __tripped: string[] }).__tripped.push(`alert(${args.join(',')})`);
    });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const editor = () => page.getByRole('textbox', { name: 'Report' });

  /** Opens a new record, names it, lets `fill` write the rich text, creates it and returns the Report the API gives back. */
  async function createRecord(subject: string, fill: (box: Locator) => Promise<void>, shot: string): Promise<string> {
    await page.goto(`${baseUrl}/site-visit/create`);
    await expect.poll(() => editor().isVisible()).toBe(true);
    await page.getByLabel(/^Subject/).fill(subject);
    await fill(editor());
    await screenshot(page, shot);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`${baseUrl}/site-visit`);
    return (await apiGet<{ Report: string }>(`/api/forms/${formId}/records/${await recordIdOf(subject)}`)).Report;
  }

  /** The API as the browser's user (signing in again here would end the browser's session). */
  async function apiGet<T>(url: string): Promise<T> {
    const res = await app.inject({ method: 'GET', url, headers: await credentialsOf(page) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  }

  async function recordIdOf(subject: string): Promise<number> {
    const list = await apiGet<{ Items: Array<{ RecordId: number; Subject: string }> }>(`/api/forms/${formId}/records?pageSize=100`);
    return list.Items.find((r) => r.Subject === subject)!.RecordId;
  }

  it('Word: bold, italic, underline, the link and both lists are kept (Word\'s list paragraphs as real lists); no Office markup', async () => {
    const stored = await createRecord('From Word', async (box) => {
      await paste(box, fixture('word-clipboard.html'));
      await expect.poll(() => box.locator('li').count()).toBe(5);
    }, 'rich-text-01-word-pasted');
    expectNoOfficeMarkup(stored);
    expect(stored).toContain('<strong>Tuesday</strong>');
    expect(stored).toContain('<em>pressure valve</em>');
    expect(stored).toContain('<u>radiators</u>');
    expect(stored).toContain('<a href="https://example.org/boilers/manual.pdf" target="_blank" rel="noopener noreferrer nofollow">maker\'s manual</a>');
    expect(stored).toMatch(/<ul><li><p>Replace the valve<\/p><\/li><li><p>Bleed the <u>radiators<\/u><\/p><\/li><li><p>Check the flue<\/p><\/li><\/ul>/);
    expect(stored).toMatch(/<ol><li><p>Order the part<\/p><\/li><li><p>Book the revisit<\/p><\/li><\/ol>/);
    expect(stored).not.toMatch(/·|>\s*1\./);
  });

  it('Google Docs: the fragment is not all bold; its bold, italic and underline spans, list and link are kept', async () => {
    const stored = await createRecord('From Google Docs', async (box) => {
      await paste(box, fixture('google-docs-clipboard.html'));
      await expect.poll(() => box.locator('li').count()).toBe(2);
    }, 'rich-text-02-google-docs-pasted');
    expectNoOfficeMarkup(stored);
    expect(stored).toContain('<p><strong>Team update</strong> for the <em>spring</em> release.</p>');
    expect(stored).toContain('<li><p><u>Invoices</u> go out on Mondays</p></li>');
    expect(stored).toContain('<a href="https://docs.example.org/handbook" target="_blank" rel="noopener noreferrer nofollow"><u>The handbook</u></a>');
  });

  it('LibreOffice: font tags gone; bold, italic, underline, the numbered list, web and mail links kept', async () => {
    const stored = await createRecord('From LibreOffice', async (box) => {
      await paste(box, fixture('libreoffice-clipboard.html'));
      await expect.poll(() => box.locator('li').count()).toBe(2);
    }, 'rich-text-03-libreoffice-pasted');
    expectNoOfficeMarkup(stored);
    expect(stored).toMatch(/^<p><strong>Safety<\/strong> briefing: wear <em>gloves<\/em> and <u>goggles<\/u>.<\/p><ol>/);
    // LibreOffice underlines its links (<u> inside the link is harmless and shows as the link did).
    expect(stored).toMatch(/<a href="https:\/\/safety.example.org\/rules" target="_blank" rel="noopener noreferrer nofollow">(<u>)?site rules(<\/u>)?<\/a>/);
    expect(stored).toMatch(/<a href="mailto:safety@example.org" target="_blank" rel="noopener noreferrer nofollow">(<u>)?safety@example.org(<\/u>)?<\/a>/);
  });

  it('Ctrl+Z takes back what was typed; a link made with the toolbar is stored, a javascript: one refused', async () => {
    const stored = await createRecord('With a link', async (box) => {
      await box.click();
      // One input, so one step to undo whatever the machine's speed (typing slowly splits the history into steps).
      await page.keyboard.insertText('Wrong words');
      await expect.poll(() => box.textContent()).toBe('Wrong words');
      await page.keyboard.press('Control+z');
      await expect.poll(() => box.textContent()).toBe('');
      await page.keyboard.type('Read the guide');
      await page.keyboard.press('Shift+Home');
      await page.getByRole('button', { name: 'Link', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Insert link' });
      await dialog.getByRole('textbox', { name: 'Link address' }).fill('javascript:alert(1)');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => dialog.getByText(/Enter a web address/).isVisible()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Link address' }).fill('https://example.org/guide');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => box.locator('a[href="https://example.org/guide"]').count()).toBe(1);
      // The focus is back in the editor: typing goes on after the link.
      await page.keyboard.press('End');
      await page.keyboard.type('.');
      await expect.poll(() => box.textContent()).toBe('Read the guide.');
    }, 'rich-text-04-toolbar-link');
    // Typed at its end, the full stop may join the link (Tiptap's links grow as they are typed on, as autolinks must).
    expect(stored).toMatch(/^<p><a href="https:\/\/example.org\/guide" target="_blank" rel="noopener noreferrer nofollow">Read the guide\.?<\/a>\.?<\/p>$/);
    expect(stored).not.toContain('Wrong');
  });

  it('a pasted script, onerror image and javascript: links are stored inert, and nothing ran, pasting or showing it', async () => {
    const stored = await createRecord('Hostile', (box) => paste(box, fixture('hostile-paste.html')), 'rich-text-05-hostile-pasted');
    expect(stored).not.toMatch(/<script|<img|<iframe|<svg|onerror|onclick|onload|javascript:|style=|__tripped/i);
    expect(stored).toContain('Before');
    expect(stored).toContain('After');
    await page.goto(`${baseUrl}/site-visit/update/${await recordIdOf('Hostile')}`);
    await expect.poll(() => editor().textContent()).toContain('After');
    // The editor's reading of the stored HTML changes nothing: the record opens unchanged, Save not offered.
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await editor().hover();
    expect(await page.evaluate(() => (window as unknown as { __tripped: string[] }).__tripped)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
