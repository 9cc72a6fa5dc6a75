import { beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, type SignedIn, useTestApp } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { grantNodes, nodeId, revokeNode } from './access-fixtures.ts';
import { useSmtpCatcher, type CaughtMail } from './smtp-catcher.ts';

/** The first attachment of a mail, its base64 body decoded as text. */
function attachedText(mail: CaughtMail): string {
  const part = mail.raw.split(/\r\n--/).find((p) => /content-disposition:\s*attachment/i.test(p))!;
  return Buffer.from(part.slice(part.indexOf('\r\n\r\n') + 4).replace(/\s+/g, ''), 'base64').toString('utf8');
}

/**
 * A scheduled report built on a form is run through the one evaluator as its user at send time: their own rows only,
 * without the fields they do not hold, and not at all once they lose the form's module.
 */
describe.each(databases)('a scheduled report built on a form, on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; } });
  let admin: SignedIn;
  let clerk: SignedIn;
  let clerks: number;
  let formId: number;
  let ScheduleId: number;
  const as = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) => injectAs(t.app, who, { method, url, payload });

  beforeAll(async () => {
    admin = await signIn(t.app);
    const built = await as(admin, 'POST', '/api/forms/build', { Name: 'Incident', Fields: [{ Label: 'Title', FieldType: 'text' }, { Label: 'Secret', FieldType: 'text' }] });
    expect(built.statusCode, built.body).toBe(201);
    formId = built.json().FormId;
    clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, `Form${formId}`);
    await revokeNode(t.app, clerks, `Form${formId}`, { type: 'field', name: 'Secret' });
    await grantNodes(t.app, clerks, [await nodeId(t.app, 'ReportModule')]);
    await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [clerks] });
    clerk = await signIn(t.app, 'clerk', 'Clerk12345');
    expect((await as(admin, 'POST', `/api/forms/${formId}/records`, { Title: 'Admin incident', Secret: 'admin secret' })).statusCode).toBe(201);
    expect((await as(clerk, 'POST', `/api/forms/${formId}/records`, { Title: 'Clerk incident' })).statusCode).toBe(201);
    const report = await as(admin, 'POST', '/api/reports/builder', {
      ReportDispName: 'Incidents', Category: 'Incidents', FormId: formId, RoleIds: [clerks],
      Columns: [{ Field: 'Title' }, { Field: 'Secret' }], Filters: [{ Field: 'Title' }, { Field: 'Secret' }],
    });
    expect(report.statusCode, report.body).toBe(201);
    const ReportId = report.json().ReportId;
    const favorite = await as(clerk, 'POST', '/api/reports/favorites', { reportId: ReportId, name: 'All', params: [{ name: 'Title', value: '*', controlType: 0 }, { name: 'Secret', value: '*', controlType: 0 }] });
    const created = await as(clerk, 'POST', '/api/reports/schedules', { ReportId, FavoriteId: favorite.json().UserFavoriteReportId, Frequency: 'daily', Time: '08:00', TimeZone: 'UTC', Format: 'csv' });
    expect(created.statusCode, created.body).toBe(201);
    ScheduleId = created.json().ScheduleId;
  });

  it('mails only the user\'s own rows, without a field they do not hold', async () => {
    expect((await as(clerk, 'POST', `/api/reports/schedules/${ScheduleId}/send-now`)).json()).toMatchObject({ LastStatus: 'sent' });
    const csv = attachedText(await smtp.take('clerk@example.org')).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n').filter(Boolean)).toEqual(['Title', 'Clerk incident']);
  });

  it('fails once the user no longer holds the form\'s module, and sends nothing', async () => {
    await t.app.db('role_permissions').where({ RoleId: clerks, NodeId: await nodeId(t.app, `Form${formId}`) }).delete();
    const res = (await as(clerk, 'POST', `/api/reports/schedules/${ScheduleId}/send-now`)).json();
    expect(res).toMatchObject({ LastStatus: 'failed', LastError: 'This report does not exist, or you may not run it.' });
    await smtp.expectNone('clerk@example.org');
  });
});
