import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { buildApp } from '../../server/app.ts';
import { configFromEnv, type Config } from '../../server/config.ts';
import { nextRunAt } from '../../server/modules/reports/schedule-next-run.ts';
import { runDueSchedules } from '../../server/modules/reports/schedule-routes.ts';
import { adminPassword, databases, injectAs, signIn, startTestApp, useTestApp, type SignedIn, type TestApp } from './helper.ts';
import { revokeNode } from './access-fixtures.ts';
import { databaseReport, reportId, reportsDirWith, reportUser, rowsReport } from './reports-fixtures.ts';
import { useSmtpCatcher, type CaughtMail } from './smtp-catcher.ts';

/** The attachments of a mail as received: each part whose disposition is attachment, its base64 body decoded. */
function attachmentsOf(mail: CaughtMail): Array<{ filename: string; type: string; content: Buffer }> {
  const boundaries = [...mail.raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]);
  const parts = boundaries.flatMap((b) => mail.raw.split(`--${b}`));
  return parts.filter((p) => /content-disposition:\s*attachment/i.test(p)).map((part) => {
    const at = part.indexOf('\r\n\r\n');
    const head = part.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
    return {
      filename: /filename="?([^";\r\n]+)"?/i.exec(head)![1],
      type: /content-type:\s*([^;\r\n]+)/i.exec(head)![1],
      content: Buffer.from(part.slice(at + 4).replace(/\s+/g, ''), 'base64'),
    };
  });
}

const favoriteParams = [
  { name: 'Text', value: 'any', controlType: 0, parameterId: null, valueId: null },
  { name: 'Area', value: 'any', controlType: 1, parameterId: null, valueId: null },
  { name: 'Rich', value: 'any', controlType: 2, parameterId: null, valueId: null },
  { name: 'Day', value: '2026-01-01', controlType: 3, parameterId: null, valueId: null },
];

describe.each(databases)('reports mailed on a schedule, on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = {} as TestApp & { stop(): Promise<void> };
  let reportsDir: string;
  beforeAll(async () => {
    process.env.REPORTS_DIR = reportsDir = await reportsDirWith([rowsReport, databaseReport]);
    try {
      Object.assign(t, await startTestApp(kind, { smtpUrl: smtp.url }));
    } finally {
      delete process.env.REPORTS_DIR;
    }
  });
  afterAll(async () => t.stop?.());
  let admin: SignedIn;
  let clerk: SignedIn;
  let ReportId: number;
  let FavoriteId: number;
  const as = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectAs(t.app, who, { method, url, payload });
  const create = (who: SignedIn, body: object) => as(who, 'POST', '/api/reports/schedules', { ReportId, FavoriteId, Frequency: 'daily', Time: '07:00', TimeZone: 'Europe/Berlin', Format: 'csv', ...body });
  const saveFavorite = async (who: SignedIn, name: string, params: object[], report = ReportId) =>
    (await as(who, 'POST', '/api/reports/favorites', { reportId: report, name, params })).json().UserFavoriteReportId as number;
  const makeDue = (ScheduleId: number) => t.app.db('report_schedules').where({ ScheduleId }).update({ NextRunAt: t.app.db.raw("now() - interval '1 minute'") });
  const stored = (ScheduleId: number) => t.app.db('report_schedules').where({ ScheduleId }).first('*');

  beforeAll(async () => {
    admin = await signIn(t.app);
    clerk = await reportUser(t.app, 'clerk', ['ReportModule'], ['test-rows']);
    ReportId = await reportId(t.app, 'test-rows');
    FavoriteId = await saveFavorite(clerk, 'Everything', favoriteParams);
  });

  it('creates a schedule due at its next local time, listed with its report and favourite', async () => {
    const before = new Date();
    const res = await create(clerk, { Frequency: 'weekly', Weekday: 1, Time: '07:00', TimeZone: 'America/New_York', Format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(201);
    const expected = nextRunAt({ Frequency: 'weekly', Weekday: 1, Time: '07:00', TimeZone: 'America/New_York' }, before);
    expect(res.json()).toMatchObject({ ReportName: 'Test rows', FavoriteName: 'Everything', Frequency: 'weekly', Weekday: 1, MonthDay: null, Time: '07:00', Format: 'xlsx', LastStatus: null, LastRunAt: null });
    expect(new Date(res.json().NextRunAt).toISOString()).toBe(expected.toISOString());
    const listed = (await as(clerk, 'GET', '/api/reports/schedules')).json();
    expect(listed.map((s: { ScheduleId: number }) => s.ScheduleId)).toContain(res.json().ScheduleId);
    expect((await as(admin, 'GET', '/api/reports/schedules')).json()).toEqual([]);
  });

  it('refuses each broken rule with a field error', async () => {
    const adminFavorite = await saveFavorite(admin, 'Admin\'s', favoriteParams);
    const otherReportFavorite = await saveFavorite(admin, 'Other report', [], await reportId(t.app, 'test-database'));
    const refusal = async (body: object) => {
      const res = await create(clerk, body);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as Array<{ PropertyName: string; ErrorMessage: string }>).map((e) => [e.PropertyName, e.ErrorMessage]);
    };
    expect(await refusal({ Time: '24:00' })).toEqual([['Time', 'Enter a time as HH:MM, from 00:00 to 23:59.']]);
    expect(await refusal({ Time: '7:00' })).toEqual([['Time', 'Enter a time as HH:MM, from 00:00 to 23:59.']]);
    for (const TimeZone of ['Mars/Olympus', '+01:00', '']) expect(await refusal({ TimeZone })).toEqual([['TimeZone', 'Choose a time zone by its IANA name, such as Europe/Berlin.']]);
    expect(await refusal({ Frequency: 'weekly' })).toEqual([['Weekday', 'Choose the day of the week a weekly schedule runs on.']]);
    expect(await refusal({ Frequency: 'weekly', Weekday: 7 })).toEqual([['Weekday', 'Choose the day of the week a weekly schedule runs on.']]);
    for (const MonthDay of [undefined, 0, 29, 31]) {
      expect(await refusal({ Frequency: 'monthly', MonthDay })).toEqual([['MonthDay', 'Choose the day of the month a monthly schedule runs on, from 1 to 28.']]);
    }
    expect(await refusal({ FavoriteId: adminFavorite })).toEqual([['FavoriteId', 'Choose one of your own favourites of this report.']]);
    // The clerk may not run test-database: refused as a report that does not exist; the admin's favourite of it is not theirs either.
    expect(await refusal({ ReportId: await reportId(t.app, 'test-database'), FavoriteId: otherReportFavorite })).toEqual([
      ['ReportId', 'This report does not exist, or you may not run it.'], ['FavoriteId', 'Choose one of your own favourites of this report.']]);
    expect((await refusal({ Frequency: 'hourly' })).map(([name]) => name)).toEqual(['Frequency']);
    expect((await refusal({ Format: 'doc' })).map(([name]) => name)).toEqual(['Format']);
    // The admin's own favourite, of a report they may run, is accepted for them.
    expect((await as(admin, 'POST', '/api/reports/schedules', { ReportId: await reportId(t.app, 'test-database'), FavoriteId: otherReportFavorite, Frequency: 'monthly', MonthDay: 28, Time: '23:59', TimeZone: 'UTC', Format: 'pdf' })).statusCode).toBe(201);
  });

  it('sends a due schedule once, even when two runs claim at the same moment, with the rows attached', async () => {
    const { ScheduleId } = (await create(clerk, {})).json();
    await makeDue(ScheduleId);
    const taken = await Promise.all([runDueSchedules(t.app), runDueSchedules(t.app), runDueSchedules(t.app)]);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(1);
    const mail = await smtp.take('clerk@example.org');
    await smtp.expectNone('clerk@example.org');
    expect(mail.subject).toBe('Report: Test rows');
    expect(mail.text).toContain('"Test rows" with the favourite "Everything"');
    expect(mail.text).toMatch(/Run at \d{4}-\d{2}-\d{2} \d{2}:\d{2} Europe\/Berlin: 25 rows\./);
    const [file] = attachmentsOf(mail);
    expect(file.filename).toMatch(/^test-rows-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.type).toBe('text/csv');
    const csv = file.content.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Number,Label,Day,Even');
    expect(csv.slice(1, 26)).toEqual(Array.from({ length: 25 }, (_, i) => `${i + 1},Row ${i + 1},${new Date(Date.UTC(2026, 0, 2 + i)).toISOString().slice(0, 10)},${(i + 1) % 2 ? 'No' : 'Yes'}`));
    const row = await stored(ScheduleId);
    expect(row).toMatchObject({ LastStatus: 'sent', LastError: null });
    expect(new Date(row.NextRunAt).toISOString()).toBe(nextRunAt({ Frequency: 'daily', Time: '07:00', TimeZone: 'Europe/Berlin' }, new Date(row.LastRunAt)).toISOString());
    expect(await runDueSchedules(t.app)).toBe(0);
  });

  // Two server processes on one PostgreSQL database (PGlite is one process's own): each schedule goes out once.
  if (kind === 'postgres') it('sends each due schedule once with two servers claiming at the same moment', async () => {
    process.env.REPORTS_DIR = reportsDir;
    const other = await buildApp(t.config).finally(() => { delete process.env.REPORTS_DIR; });
    try {
      const ids = await Promise.all(Array.from({ length: 12 }, async () => (await create(clerk, {})).json().ScheduleId as number));
      await Promise.all(ids.map(makeDue));
      const taken = await Promise.all([runDueSchedules(t.app), runDueSchedules(other), runDueSchedules(t.app), runDueSchedules(other)]);
      expect(taken.reduce((a, b) => a + b, 0)).toBe(12);
      for (const _ of ids) await smtp.take('clerk@example.org');
      await smtp.expectNone('clerk@example.org');
      expect(await t.app.db('report_schedules').whereIn('ScheduleId', ids).where({ LastStatus: 'sent' }).count('* as n')).toEqual([{ N: 12 }]);
    } finally {
      await other.close();
    }
  });

  it('sends now as a PDF, answering once sent, its next run left as it was', async () => {
    const { ScheduleId, NextRunAt } = (await create(clerk, { Format: 'pdf' })).json();
    const res = await as(clerk, 'POST', `/api/reports/schedules/${ScheduleId}/send-now`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ LastStatus: 'sent', LastError: null, NextRunAt });
    const [file] = attachmentsOf(await smtp.take('clerk@example.org'));
    expect(file.type).toBe('application/pdf');
    const text = (await extractText(await getDocumentProxy(new Uint8Array(file.content)), { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Test rows');
    expect(text).toContain('Day: 2026-01-01');
    expect(text).toContain('7 Row 7 2026-01-08 No');
    expect(text).toContain('325 Total');
  });

  it('runs under the user\'s access at send time: a grant taken away fails it, recorded, not sent, the next run kept', async () => {
    const { ScheduleId } = (await create(clerk, {})).json();
    const roleId = (await t.app.db('roles').where({ Name: 'clerk role' }).first('RoleId')).RoleId as number;
    await revokeNode(t.app, roleId, 'ReportModule', { type: 'route', name: 'report:test-rows' });
    try {
      await makeDue(ScheduleId);
      expect(await runDueSchedules(t.app)).toBe(1);
      await smtp.expectNone('clerk@example.org');
      const row = await stored(ScheduleId);
      expect(row).toMatchObject({ LastStatus: 'failed', LastError: 'This report does not exist, or you may not run it.' });
      expect(new Date(row.NextRunAt).getTime()).toBeGreaterThan(Date.now());
      const listed = (await as(clerk, 'GET', '/api/reports/schedules')).json().find((s: { ScheduleId: number }) => s.ScheduleId === ScheduleId);
      expect(listed).toMatchObject({ LastStatus: 'failed', LastError: 'This report does not exist, or you may not run it.' });
    } finally {
      await t.app.db('role_permissions').insert({ RoleId: roleId, NodeId: (await t.app.db('permission_nodes').where({ Name: 'report:test-rows' }).first('NodeId')).NodeId, HasAccess: true, ViewAllRecords: false });
    }
  });

  it('fails a favourite missing a parameter with the message, and resolves a relative date', async () => {
    const partial = await saveFavorite(clerk, 'No day', favoriteParams.slice(0, 3));
    const { ScheduleId } = (await create(clerk, { FavoriteId: partial })).json();
    const res = (await as(clerk, 'POST', `/api/reports/schedules/${ScheduleId}/send-now`)).json();
    expect(res).toMatchObject({ LastStatus: 'failed', LastError: 'Day: This field is required.' });
    await smtp.expectNone('clerk@example.org');
    const relative = await saveFavorite(clerk, 'Relative', [...favoriteParams.slice(0, 3), { name: 'Day', value: 'today-30', controlType: 3, parameterId: null, valueId: null }]);
    const second = (await create(clerk, { FavoriteId: relative, TimeZone: 'UTC' })).json();
    expect((await as(clerk, 'POST', `/api/reports/schedules/${second.ScheduleId}/send-now`)).json()).toMatchObject({ LastStatus: 'sent' });
    const csv = attachmentsOf(await smtp.take('clerk@example.org'))[0].content.toString('utf8');
    const day1 = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    expect(csv).toContain(`1,Row 1,${day1},No`);
  });

  it('fails a file past what a mail carries (REPORT_SCHEDULE_MAX_MB), recorded, not sent', async () => {
    const { ScheduleId } = (await create(clerk, {})).json();
    process.env.REPORT_SCHEDULE_MAX_MB = '0.0005';
    try {
      const res = (await as(clerk, 'POST', `/api/reports/schedules/${ScheduleId}/send-now`)).json();
      expect(res).toMatchObject({ LastStatus: 'failed', LastError: "The report's file is larger than the 0.0005 MB a mail carries: narrow the favourite's filters." });
    } finally {
      delete process.env.REPORT_SCHEDULE_MAX_MB;
    }
    await smtp.expectNone('clerk@example.org');
  });

  it('answers another user\'s schedule as none, and deletes one\'s own', async () => {
    const { ScheduleId } = (await create(clerk, {})).json();
    expect((await as(admin, 'POST', `/api/reports/schedules/${ScheduleId}/send-now`)).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', `/api/reports/schedules/${ScheduleId}`)).statusCode).toBe(404);
    expect(await stored(ScheduleId)).toBeTruthy();
    expect((await as(clerk, 'DELETE', `/api/reports/schedules/${ScheduleId}`)).statusCode).toBe(204);
    expect((await as(clerk, 'DELETE', `/api/reports/schedules/${ScheduleId}`)).statusCode).toBe(404);
    expect(await stored(ScheduleId)).toBeUndefined();
  });
});

// A restart: the app closed and built again on the same PGlite directory finds the schedule, and sends it when due.
describe('report schedules over a restart', () => {
  const smtp = useSmtpCatcher();
  let dataDir: string;
  let reportsDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'schedules-restart-'));
    reportsDir = await reportsDirWith([rowsReport]);
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));
  const start = async (pollSeconds?: string) => {
    process.env.REPORTS_DIR = reportsDir;
    if (pollSeconds) process.env.REPORT_SCHEDULE_POLL_SECONDS = pollSeconds;
    try {
      const config: Config = { ...configFromEnv({}), dataDir, adminPassword, jwtSecret: 'test-secret-test-secret-test-secret', uiDir: '/nonexistent', smtpUrl: smtp.url };
      return await buildApp(config);
    } finally {
      delete process.env.REPORTS_DIR;
      delete process.env.REPORT_SCHEDULE_POLL_SECONDS;
    }
  };

  it('keeps schedules: they are rows, sent by the timer once due', async () => {
    const first = await start();
    const admin = await signIn(first);
    const ReportId = await reportId(first, 'test-rows');
    const favorite = await injectAs(first, admin, { method: 'POST', url: '/api/reports/favorites', payload: { reportId: ReportId, name: 'All', params: favoriteParams } });
    const created = await injectAs(first, admin, { method: 'POST', url: '/api/reports/schedules', payload: { ReportId, FavoriteId: favorite.json().UserFavoriteReportId, Frequency: 'daily', Time: '06:00', TimeZone: 'Asia/Tokyo', Format: 'csv' } });
    expect(created.statusCode, created.body).toBe(201);
    await first.close();
    // Started with a timer this time (REPORT_SCHEDULE_POLL_SECONDS; under NODE_ENV=test none starts unless set).
    const second = await start('0.2');
    try {
      const listed = (await injectAs(second, await signIn(second), { method: 'GET', url: '/api/reports/schedules' })).json();
      expect(listed).toEqual([created.json()]);
      await second.db('report_schedules').update({ NextRunAt: second.db.raw("now() - interval '1 minute'") });
      const { EmailAddress } = await second.db('users').where({ UserName: 'admin' }).first('EmailAddress');
      expect((await smtp.take(EmailAddress, 10_000)).subject).toBe('Report: Test rows');
      await smtp.expectNone(EmailAddress, 600);
      expect(await runDueSchedules(second)).toBe(0);
    } finally {
      await second.close();
    }
  }, 120_000);
});

// Without SMTP_URL mail goes to the outbox table, which keeps text only: the attachment is named there, not kept.
describe('a scheduled report without SMTP', () => {
  const t = useTestApp('pglite');

  it('is recorded in the outbox naming its attachment, and counted as sent', async () => {
    const admin = await signIn(t.app);
    const ReportId = await reportId(t.app, 'active-sessions-by-role');
    const favorite = await injectAs(t.app, admin, { method: 'POST', url: '/api/reports/favorites', payload: { reportId: ReportId, name: 'All', params: [] } });
    const created = await injectAs(t.app, admin, { method: 'POST', url: '/api/reports/schedules', payload: { ReportId, FavoriteId: favorite.json().UserFavoriteReportId, Frequency: 'daily', Time: '06:00', TimeZone: 'UTC', Format: 'xlsx' } });
    const sent = await injectAs(t.app, admin, { method: 'POST', url: `/api/reports/schedules/${created.json().ScheduleId}/send-now` });
    expect(sent.json()).toMatchObject({ LastStatus: 'sent', LastError: null });
    const mail = await t.app.db('outbox').where({ Subject: 'Report: Active Sessions by Role' }).first('ToAddress', 'TextBody');
    expect(mail.ToAddress).toBe('admin@example.org');
    expect(mail.TextBody).toMatch(/\[Attachment not kept in the outbox: active-sessions-by-role-\d{4}-\d{2}-\d{2}\.xlsx\]$/);
  });
});
