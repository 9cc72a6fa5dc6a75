import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { databases, signIn, startTestApp, type SignedIn, type TestApp } from './helper.ts';
import { reportCalls, reportId, reportsDirWith, rowsReport } from './reports-fixtures.ts';

const anyRows = { Text: 'any', Area: 'any', Rich: 'any', Day: '2026-01-01' };

/** 90 rows over several pages: a long label that wraps, and an amount totalled three ways. */
const manyRowsReport = {
  Category: 'Tests', CategoryOrder: 9, DisplayOrder: 5, Description: '', ShowHelpText: false, HelpText: '',
  FileName: 'test-many-rows', ReportDispName: 'Test many rows',
  Query: `select n as number, 'Item ' || n || case when n = 7 then ' with a label long enough to wrap over more than one line of its cell in the table' else '' end as label,
      (n * 1.5)::float8 as amount, case when n % 10 = 0 then null else n end as counted
    from generate_series(1, 90) as n where n <= :Upto::integer`,
  Parameters: [{ Param: 'Upto', Title: 'Up to', ControlType: 0, DisplayOrder: 1 }],
  Columns: [
    { Name: 'Number', Title: 'Number', Type: 'number' },
    { Name: 'Label', Title: 'Label', Type: 'string' },
    { Name: 'Amount', Title: 'Amount', Type: 'number', Total: 'sum' },
    { Name: 'Counted', Title: 'Counted', Type: 'number', Total: 'count' },
  ],
};

/** Each page's text, white space runs as one space. */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return (text as string[]).map((page) => page.replace(/\s+/g, ' '));
}

describe.each(databases)('report export as PDF, on %s', (kind) => {
  const t = {} as TestApp & { stop(): Promise<void> };
  beforeAll(async () => {
    process.env.REPORTS_DIR = await reportsDirWith([rowsReport, manyRowsReport]);
    try {
      Object.assign(t, await startTestApp(kind));
    } finally {
      delete process.env.REPORTS_DIR;
    }
  });
  afterAll(async () => t.stop?.());
  let admin: SignedIn;
  const calls = reportCalls(t, () => admin);
  beforeAll(async () => { admin = await signIn(t.app); });

  it('streams the whole result: title, parameters as given, generated time, rows in the run\'s order and the totals row', async () => {
    const res = await calls.exportAs('pdf', { ReportId: await reportId(t.app, 'test-rows'), Params: anyRows, Sorts: [{ Field: 'Number', Dir: 'desc' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="test-rows-${new Date().toISOString().slice(0, 10)}.pdf"`);
    const text = (await pdfPages(res.rawPayload)).join(' ');
    expect(text).toContain('Test rows');
    expect(text).toContain('Text: any');
    expect(text).toContain('Day: 2026-01-01');
    expect(text).toMatch(/Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(text).toContain('Number Label Day Even');
    expect(text).toContain('25 Row 25 2026-01-26 No');
    expect(text).toContain('1 Row 1 2026-01-02 No');
    // Descending: row 25 before row 24 before row 1; the sum of 1..25 in the totals row at the end.
    expect(text.indexOf('Row 25')).toBeLessThan(text.indexOf('Row 24'));
    expect(text.indexOf('Row 24')).toBeLessThan(text.indexOf('Row 1 '));
    expect(text.trim()).toMatch(/Row 1 2026-01-02 No 325 Total$/);
  });

  it('repeats the header row on every page and totals over all pages', async () => {
    const res = await calls.exportAs('pdf', { ReportId: await reportId(t.app, 'test-many-rows'), Params: { Upto: '90' } });
    expect(res.statusCode, res.body).toBe(200);
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('Number Label Amount Counted');
      expect(page).toContain(`page ${i + 1}`);
    }
    const text = pages.join(' ');
    for (const n of [1, 45, 90]) expect(text).toContain(`${n} Item ${n} ${n * 1.5}`);
    expect(text).toContain('with a label long enough');
    // Amount: 1.5 x (1 + ... + 90) = 6142.5; Counted: 90 values less the 9 nulls.
    expect(pages.at(-1)).toMatch(/Total 6142\.5 81/);
    const empty = await calls.exportAs('pdf', { ReportId: await reportId(t.app, 'test-many-rows'), Params: { Upto: '0' } });
    expect((await pdfPages(empty.rawPayload)).join(' ')).toMatch(/No rows\. Total 0 0/);
  });

  it('refuses a missing parameter before the download starts', async () => {
    const res = await calls.exportAs('pdf', { ReportId: await reportId(t.app, 'test-many-rows'), Params: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ PropertyName: 'Upto', ErrorMessage: 'This field is required.', ErrorCode: 'required' }]);
  });
});
