import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { sanitizeRichText } from '../../server/lib/rich-text.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/rich-text/${name}`, import.meta.url), 'utf8');
const wordClipboard = fixture('word-clipboard.html');
const wordSaved = fixture('word-saved-as-html.html');

/** Nothing of a word processor's markup is left: no styles, classes, Office tags, comments, heads or fonts. */
function expectNoOfficeMarkup(html: string) {
  expect(html).not.toMatch(/style=|class=|mso-|<o:|<\/o:|<!--|<!\[|<span|<font|<div|<meta|<title|<xml|@font-face|Normal 0|Ada Admin|WordDocument/i);
}

describe('word-processor HTML as the server keeps it', () => {
  it('Word clipboard HTML: formatting, links and headings kept; styles, mso-, o:p, comments and the head gone', () => {
    const clean = sanitizeRichText(wordClipboard);
    expectNoOfficeMarkup(clean);
    expect(clean).toContain('<b>Tuesday</b>');
    expect(clean).toContain('<i>pressure valve</i>');
    expect(clean).toContain('<u>radiators</u>');
    expect(clean).toContain('<a href="https://example.org/boilers/manual.pdf" target="_blank" rel="noopener noreferrer nofollow">maker\'s manual</a>');
    expect(clean).toContain('Signed\noff by the site manager.');
    // A heading the editor does not offer (h1) stays a block; Word's list items lose their hidden "·" and "1.".
    expect(clean.startsWith('<p>Boiler service notes</p>')).toBe(true);
    expect(clean).toContain('<p>Replace the valve</p>');
    expect(clean).toContain('<p>Order the part</p>');
    expect(clean).not.toMatch(/·|\b1\./);
  });

  it('Word "Save as HTML": the document\'s title, properties and style sheet are not taken for text; in-page anchors are dropped', () => {
    const clean = sanitizeRichText(wordSaved);
    expectNoOfficeMarkup(clean);
    expect(clean.startsWith('<p><b>Quarterly\nbulletin</b></p>')).toBe(true);
    expect(clean).toContain('<a href="mailto:finance@example.org" target="_blank" rel="noopener noreferrer nofollow">write to finance</a>');
    expect(clean).not.toContain('#_ftn1');
    expect(clean).toContain('<p>[1]</p>');
  });

  it('Google Docs: the fragment\'s <b style="font-weight:normal"> wrapper is not bold, and is dropped', () => {
    const clean = sanitizeRichText(fixture('google-docs-clipboard.html'));
    expect(clean).not.toMatch(/<b[ >]|docs-internal-guid|style=|dir=|role=|aria-/);
    expect(clean.startsWith('<p>Team update for the spring release.</p>')).toBe(true);
    expect(clean).toContain('<ul><li><p>Invoices go out on Mondays</p></li>');
    expect(clean).toContain('<a href="https://docs.example.org/handbook" target="_blank" rel="noopener noreferrer nofollow">The handbook</a>');
  });

  it('LibreOffice: font tags and the style sheet gone, the numbered list and links kept', () => {
    const clean = sanitizeRichText(fixture('libreoffice-clipboard.html'));
    expectNoOfficeMarkup(clean);
    expect(clean).toMatch(/^<p><b>Safety<\/b>\nbriefing: wear <i>gloves<\/i> and <u>goggles<\/u>.<\/p>\s*<ol>/);
    expect(clean).toContain('<a href="https://safety.example.org/rules" target="_blank" rel="noopener noreferrer nofollow">site rules</a>');
  });
});

describe.each(databases)('Word HTML POSTed to a built form on %s', (kind) => {
  const t = useTestApp(kind);

  it('is stored cleaned; over the 8000-character limit it is refused with the limit\'s message', async () => {
    const admin = await signIn(t.app);
    const form = await injectLocked(t.app, admin, { method: 'POST', url: '/api/forms', payload: { Name: 'Site Visit', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true } });
    const FormId = form.json().FormId;
    const field = { FormId, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} };
    const body = await injectLocked(t.app, admin, { method: 'POST', url: '/api/formfields', payload: { ...field, Name: 'Report', ReportLabelText: 'Report', FieldType: 'richText' } });
    expect(body.statusCode, body.body).toBe(201);

    expect(wordSaved.length).toBeLessThan(8000);
    const created = await injectLocked(t.app, admin, { method: 'POST', url: `/api/forms/${FormId}/records`, payload: { Report: wordSaved } });
    expect(created.statusCode, created.body).toBe(201);
    const stored = (await injectAs(t.app, admin, { url: `/api/forms/${FormId}/records/${created.json().RecordId}` })).json().Report as string;
    expectNoOfficeMarkup(stored);
    expect(stored).toBe(sanitizeRichText(wordSaved));
    expect(stored).toContain('<b>twelve per cent</b>');

    const tooLong = await injectLocked(t.app, admin, { method: 'POST', url: `/api/forms/${FormId}/records`, payload: { Report: `<p>${'z'.repeat(7994)}</p>` } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Must be no more than 8000 character(s) long.');

    // The limit is of what is stored: Word's markup around a short text is cleaned away before it is measured.
    const bloated = `<p class="MsoNormal" style="${'mso-bidi-font-family:Calibri;'.repeat(300)}">Short and <b>clear</b>.<o:p></o:p></p>`;
    expect(bloated.length).toBeGreaterThan(8000);
    const fits = await injectLocked(t.app, admin, { method: 'POST', url: `/api/forms/${FormId}/records`, payload: { Report: bloated } });
    expect(fits.statusCode, fits.body).toBe(201);
    expect((await injectAs(t.app, admin, { url: `/api/forms/${FormId}/records/${fits.json().RecordId}` })).json().Report).toBe('<p>Short and <b>clear</b>.</p>');
  });
});
