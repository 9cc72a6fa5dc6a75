import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { databases, signIn, type SignedIn } from './helper.ts';
import { databaseReport, injection, reportCalls, reportId, reportsDirWith, rowsReport, slowReport, sneakyReport, useReportsApp } from './reports-fixtures.ts';
import { reportBatches } from '../../server/modules/reports/export.ts';
import type { ReportDefinition } from '../../server/modules/reports/definition.ts';

const anyRows = { Text: 'any', Area: 'any', Rich: 'any', Day: '2026-01-01' };
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);

describe.each(databases)('report runs and exports, on %s', (kind) => {
  const t = useReportsApp(kind, async () => ({
    REPORTS_DIR: await reportsDirWith([rowsReport, slowReport, databaseReport, sneakyReport]), REPORTS_TIMEOUT_SECONDS: '1', REPORTS_XLSX_SHEET_ROWS: '10',
  }));
  let admin: SignedIn;
  const calls = reportCalls(t, () => admin);
  beforeAll(async () => { admin = await signIn(t.app); });

  it('binds text, text area, rich text and date parameters as data', async () => {
    const ReportId = await reportId(t.app, 'test-rows');
    expect((await calls.run({ ReportId, Params: anyRows, Page: 1, PageSize: 10 })).json().Total).toBe(25);
    expect((await calls.run({ ReportId, Params: { ...anyRows, Text: 'Row 7' }, Page: 1, PageSize: 10 })).json().Rows)
      .toEqual([{ Number: 7, Label: 'Row 7', Day: day(7), Even: false }]);
    for (const Param of ['Text', 'Area', 'Rich']) {
      const res = await calls.run({ ReportId, Params: { ...anyRows, [Param]: injection }, Page: 1, PageSize: 10 });
      expect(res.json()).toMatchObject({ Total: 0, Rows: [], Totals: { Number: 0 } });
    }
    const date = await calls.run({ ReportId, Params: { ...anyRows, Day: injection }, Page: 1, PageSize: 10 });
    expect(date.statusCode).toBe(400);
    expect(date.json()).toEqual([{ PropertyName: 'Day', ErrorMessage: 'Enter a date as yyyy-mm-dd.', ErrorCode: 'format' }]);
    // A value the query casts and cannot take is the user's error (400), not the server's.
    const cast = await calls.run({ ReportId: await reportId(t.app, 'test-slow'), Params: { Seconds: injection }, Page: 1, PageSize: 10 });
    expect(cast.statusCode).toBe(400);
    expect(await t.app.db('users').count('* as n')).toEqual([{ N: 1 }]);
  });

  // PGlite runs a statement to its end in this thread: it has no statement_timeout to enforce (README says so).
  if (kind !== 'pglite') it('stops a report past its time limit with the message', async () => {
    const started = Date.now();
    const res = await calls.run({ ReportId: await reportId(t.app, 'test-slow'), Params: { Seconds: '5' }, Page: 1, PageSize: 10 });
    expect(res.statusCode).toBe(408);
    expect(res.json()[0].ErrorMessage).toBe('The report took longer than 1 seconds and was stopped. Narrow its filters and generate it again.');
    expect(Date.now() - started).toBeLessThan(4000);
    const exported = await calls.exportAs('csv', { ReportId: await reportId(t.app, 'test-slow'), Params: { Seconds: '5' } });
    expect(exported.statusCode).toBe(408);
  });

  it('exports the whole result as CSV in the run\'s order, titles as the header', async () => {
    const ReportId = await reportId(t.app, 'test-rows');
    const res = await calls.exportAs('csv', { ReportId, Params: anyRows, Sorts: [{ Field: 'Even', Dir: 'desc' }] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="test-rows-${new Date().toISOString().slice(0, 10)}.csv"`);
    const rows: string[][] = parse(res.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['Number', 'Label', 'Day', 'Even']);
    const evens = Array.from({ length: 12 }, (_, i) => 2 * (i + 1));
    const odds = Array.from({ length: 13 }, (_, i) => 2 * i + 1);
    expect(rows.slice(1)).toEqual([...evens, ...odds].map((n) => [String(n), `Row ${n}`, day(n), n % 2 === 0 ? 'Yes' : 'No']));
    expect((await calls.exportAs('csv', { ReportId, Params: anyRows, Sorts: [{ Field: 'Nope', Dir: 'asc' }] })).statusCode).toBe(400);
    expect((await calls.exportAs('csv', { ReportId, Params: {} })).statusCode).toBe(400);
  });

  it('exports XLSX, read back, continuing on a second and third sheet past the sheet limit', async () => {
    const res = await calls.exportAs('xlsx', { ReportId: await reportId(t.app, 'test-rows'), Params: anyRows });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from(res.rawPayload));
    const sheets = workbook.worksheets.map((s) => {
      const values: unknown[][] = [];
      s.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      return [s.name, values] as const;
    });
    expect(sheets.map(([name, values]) => [name, values.length])).toEqual([['Report', 10], ['Report 2', 10], ['Report 3', 8]]);
    for (const [, values] of sheets) expect(values[0]).toEqual(['Number', 'Label', 'Day', 'Even']);
    const data = sheets.flatMap(([, values]) => values.slice(1));
    expect(data).toEqual(Array.from({ length: 25 }, (_, i) => [i + 1, `Row ${i + 1}`, day(i + 1), (i + 1) % 2 === 0 ? 'Yes' : 'No']));
  });

  it('reads an export in batches, one stable order across them', async () => {
    const source = { db: t.app.db, def: rowsReport as unknown as ReportDefinition, bindings: anyRows, sorts: [], timeoutSeconds: 5, batchSize: 10 };
    const sizes: number[] = [];
    const numbers: number[] = [];
    for await (const batch of reportBatches(source)) { sizes.push(batch.length); numbers.push(...batch.map((r) => r.Number as number)); }
    expect(sizes).toEqual([10, 10, 5]);
    expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('stops a write the parser cannot see (a function call) in the read-only transaction', async () => {
    const seq = async () => (await t.app.db.raw("select last_value from users_user_id_seq")).rows[0].LastValue;
    const before = await seq();
    const res = await calls.run({ ReportId: await reportId(t.app, 'test-sneaky'), Params: {}, Page: 1, PageSize: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json()[0].ErrorMessage).toBe('This report tried to change data, and was stopped: a report only reads.');
    expect(await seq()).toBe(before);
  });

  it('runs on the app\'s own database when REPORTS_DATABASE_URL is unset', async () => {
    const res = await calls.run({ ReportId: await reportId(t.app, 'test-database'), Params: {}, Page: 1, PageSize: 10 });
    expect(res.json().Rows).toEqual([{ DatabaseName: (await t.app.db.raw('select current_database() as n')).rows[0].N }]);
  });
});

// Only where a PostgreSQL server is given (CI's server run): the second database is one more database on it.
describe.each(databases.filter((kind) => kind === 'postgres'))('with REPORTS_DATABASE_URL, reports run on that database (%s)', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const t = useReportsApp('postgres', async () => ({ REPORTS_DIR: await reportsDirWith([databaseReport, rowsReport]), REPORTS_DATABASE_URL: url }));
  let admin: SignedIn;
  beforeAll(async () => { admin = await signIn(t.app); });

  it('runs and exports there', async () => {
    const calls = reportCalls(t, () => admin);
    const res = await calls.run({ ReportId: await reportId(t.app, 'test-database'), Params: {}, Page: 1, PageSize: 10 });
    const own = (await t.app.db.raw('select current_database() as n')).rows[0].N;
    expect(res.json().Rows).toEqual([{ DatabaseName: new URL(url).pathname.slice(1) }]);
    expect(own).not.toBe(new URL(url).pathname.slice(1));
    const csv = await calls.exportAs('csv', { ReportId: await reportId(t.app, 'test-rows'), Params: anyRows });
    expect(parse(csv.body.replace(/^\uFEFF/, ''))).toHaveLength(26);
  });
});
