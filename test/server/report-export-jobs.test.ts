import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import knexFactory from 'knex';
import { databases, injectAs, signIn, startTestApp, type SignedIn } from './helper.ts';
import { injection, reportId, reportsDirWith, reportUser, rowsReport, slowReport, useReportsApp } from './reports-fixtures.ts';
import { grantNodes, nodeId, revokeNode } from './access-fixtures.ts';
import { interruptedMessage, maxRunningPerUser } from '../../server/modules/reports/export-job-store.ts';

const anyRows = { Text: 'any', Area: 'any', Rich: 'any', Day: '2026-01-01' };

/** A report of n rows, each taking :Seconds to make (pg_sleep is volatile: a count must run it too). */
const sleepyReport = {
  ...slowReport, FileName: 'test-sleepy', ReportDispName: 'Test sleepy', DisplayOrder: 5,
  Query: 'select n as number, pg_sleep(:Seconds::float8) is null as slept from generate_series(1, 4) as n',
  Columns: [{ Name: 'Number', Title: 'Number', Type: 'number' }, { Name: 'Slept', Title: 'Slept', Type: 'boolean' }],
};

function jobCalls(app: () => FastifyInstance, who: () => SignedIn) {
  const as = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectAs(app(), who(), { method, url, ...(payload ? { payload } : {}) });
  return {
    start: (payload: object) => as('POST', '/api/reports/exports', payload),
    list: () => as('GET', '/api/reports/exports'),
    /** One job as the list shows it (undefined when it does not). */
    one: async (id: number) => (await as('GET', '/api/reports/exports')).json().find((j: { ExportId: number }) => j.ExportId === id),
    file: (id: number) => as('GET', `/api/reports/exports/${id}/file`),
    remove: (id: number) => as('DELETE', `/api/reports/exports/${id}`),
    /** The job once it is no longer running. */
    async finished(id: number) {
      await expect.poll(async () => (await this.one(id))?.Status, { timeout: 30_000, interval: 100 }).not.toBe('running');
      return this.one(id);
    },
  };
}

describe.each(databases)('exports in the background, on %s', (kind) => {
  const t = useReportsApp(kind, async () => ({ REPORTS_DIR: await reportsDirWith([rowsReport, sleepyReport]), REPORTS_XLSX_SHEET_ROWS: '10' }));
  let admin: SignedIn;
  let clerk: SignedIn;
  const jobs = jobCalls(() => t.app, () => admin);
  const clerkJobs = jobCalls(() => t.app, () => clerk);
  beforeAll(async () => {
    admin = await signIn(t.app);
    clerk = await reportUser(t.app, 'export-clerk', ['ReportModule'], ['test-rows']);
  });

  it('makes the whole result into a file while the user waits for nothing, with its progress, then serves it to them', async () => {
    const ReportId = await reportId(t.app, 'test-rows');
    const started = await jobs.start({ ReportId, Params: anyRows, Sorts: [{ Field: 'Even', Dir: 'desc' }], Format: 'csv' });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ ReportName: 'Test rows', Format: 'csv', Status: 'running', FileName: `test-rows-${new Date().toISOString().slice(0, 10)}.csv` });
    const done = await jobs.finished(started.json().ExportId);
    expect(done).toMatchObject({ Status: 'done', RowsDone: 25, RowsTotal: 25, Error: null });
    const file = await jobs.file(done.ExportId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(done.FileName);
    expect(Number(file.headers['content-length'])).toBe(done.Bytes);
    const rows: string[][] = parse(file.body.replace(/^\uFEFF/, ''));
    expect(rows.length).toBe(26);
    expect(rows.slice(1, 3)).toEqual([['2', 'Row 2', '2026-01-03', 'Yes'], ['4', 'Row 4', '2026-01-05', 'Yes']]);
    expect((await jobs.list()).json().map((j: { ExportId: number }) => j.ExportId)).toContain(done.ExportId);
  });

  it('continues an XLSX on further sheets, as the download does', async () => {
    const done = await jobs.finished((await jobs.start({ ReportId: await reportId(t.app, 'test-rows'), Params: anyRows, Format: 'xlsx' })).json().ExportId);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await jobs.file(done.ExportId)).rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => [s.name, s.rowCount])).toEqual([['Report', 10], ['Report 2', 10], ['Report 3', 8]]);
  });

  it('refuses what the request gets wrong at once, leaving no job behind', async () => {
    const before = await t.app.db('report_exports').count({ N: '*' });
    const ReportId = await reportId(t.app, 'test-rows');
    const badDay = await jobs.start({ ReportId, Params: { ...anyRows, Day: injection }, Format: 'csv' });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json()[0]).toMatchObject({ PropertyName: 'Day', ErrorMessage: 'Enter a date as yyyy-mm-dd.' });
    expect((await jobs.start({ ReportId, Params: anyRows, Sorts: [{ Field: 'Nope', Dir: 'asc' }], Format: 'csv' })).statusCode).toBe(400);
    expect((await jobs.start({ ReportId, Params: anyRows, Format: 'doc' })).statusCode).toBe(400);
    // A report not granted to the clerk is none to them.
    expect((await clerkJobs.start({ ReportId: await reportId(t.app, 'test-sleepy'), Params: { Seconds: '0' }, Format: 'csv' })).statusCode).toBe(404);
    expect(await t.app.db('report_exports').count({ N: '*' })).toEqual(before);
  });

  it("keeps a user's jobs their own, and a file from one who may no longer run its report", async () => {
    const ReportId = await reportId(t.app, 'test-rows');
    const mine = await clerkJobs.finished((await clerkJobs.start({ ReportId, Params: anyRows, Format: 'csv' })).json().ExportId);
    for (const call of [jobs.file, jobs.remove]) expect((await call(mine.ExportId)).statusCode).toBe(404);
    expect(await jobs.one(mine.ExportId)).toBeUndefined();
    expect((await clerkJobs.file(mine.ExportId)).statusCode).toBe(200);
    const role = (await t.app.db('roles').where({ Name: 'export-clerk role' }).first('RoleId')).RoleId as number;
    await revokeNode(t.app, role, 'ReportModule', { type: 'route', name: 'report:test-rows' });
    expect((await clerkJobs.file(mine.ExportId)).statusCode).toBe(404);
    await grantNodes(t.app, role, [await nodeId(t.app, 'ReportModule', { type: 'route', name: 'report:test-rows' })]);
    expect((await clerkJobs.file(mine.ExportId)).statusCode).toBe(200);
  });

  it('limits how many run at once per user, fails a job whose process stopped, and lets old files go', async () => {
    const ReportId = await reportId(t.app, 'test-rows');
    const { UserId } = await t.app.db('users').where({ UserName: 'export-clerk' }).first('UserId');
    const row = { UserId, ReportId, Format: 'csv', Request: '{}', UserFileName: 'x.csv' };
    const ids = (await t.app.db('report_exports').insert(Array.from({ length: maxRunningPerUser }, () => row)).returning('ExportId')).map((r: { ExportId: number }) => r.ExportId);
    const refused = await clerkJobs.start({ ReportId, Params: anyRows, Format: 'csv' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()[0].ErrorMessage).toBe(`You already have ${maxRunningPerUser} exports running: wait for one to finish, or cancel one.`);
    // Their process stopped beating a while ago: they are interrupted, and the user may start again.
    await t.app.db('report_exports').whereIn('ExportId', ids).update({ HeartbeatAt: t.app.db.raw("now() - interval '2 minutes'") });
    expect(await clerkJobs.one(ids[0])).toMatchObject({ Status: 'failed', Error: interruptedMessage });
    const fresh = await clerkJobs.finished((await clerkJobs.start({ ReportId, Params: anyRows, Format: 'csv' })).json().ExportId);
    expect(fresh.Status).toBe('done');
    // A day on, the finished jobs and the file are gone.
    await t.app.db('report_exports').where({ UserId }).update({ FinishedAt: t.app.db.raw("now() - interval '25 hours'") });
    expect((await clerkJobs.list()).json()).toEqual([]);
    expect((await clerkJobs.file(fresh.ExportId)).statusCode).toBe(404);
  });

  it('removes a finished job with its file', async () => {
    const done = await jobs.finished((await jobs.start({ ReportId: await reportId(t.app, 'test-rows'), Params: anyRows, Format: 'pdf' })).json().ExportId);
    expect((await jobs.file(done.ExportId)).body.slice(0, 5)).toBe('%PDF-');
    expect((await jobs.remove(done.ExportId)).statusCode).toBe(204);
    expect(await jobs.one(done.ExportId)).toBeUndefined();
  });

  // PGlite runs in this thread: a sleeping report would hold the very requests that cancel it.
  if (kind !== 'pglite') it('cancels a running job, which then stops reading and keeps no file', async () => {
    const started = await jobs.start({ ReportId: await reportId(t.app, 'test-sleepy'), Params: { Seconds: '1' }, Format: 'csv' });
    expect((await jobs.remove(started.json().ExportId)).statusCode).toBe(204);
    const job = await jobs.finished(started.json().ExportId);
    expect(job).toMatchObject({ Status: 'cancelled', Bytes: null });
    expect((await jobs.file(job.ExportId)).statusCode).toBe(409);
  });
});

describe.each(databases.filter((k) => k === 'postgres'))('a background export when its server closes, on %s', (kind) => {
  it('is failed as interrupted, not left running', async () => {
    process.env.REPORTS_DIR = await reportsDirWith([sleepyReport]);
    const t = await startTestApp(kind).finally(() => delete process.env.REPORTS_DIR);
    const admin = await signIn(t.app);
    const jobs = jobCalls(() => t.app, () => admin);
    const started = await jobs.start({ ReportId: await reportId(t.app, 'test-sleepy'), Params: { Seconds: '1' }, Format: 'csv' });
    await t.app.close();
    // The database outlives the app: the row is read through a connection of its own.
    const knex = knexFactory({ client: 'pg', connection: t.config.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      const row = await knex('report_exports').where('export_id', started.json().ExportId).first('status', 'error');
      expect(row).toEqual({ status: 'failed', error: interruptedMessage });
    } finally {
      await knex.destroy();
      await t.stop();
    }
  });
});
