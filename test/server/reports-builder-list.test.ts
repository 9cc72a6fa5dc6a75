import { beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';

/**
 * GET /api/reports/builder, the builder screen's list: the reports built on the forms the caller may reach (every form
 * with View All Records, else the caller's own), granted to the caller or not, with their form and category; the
 * shipped reports are not among them.
 */
describe.each(databases)('the list of built reports, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let builder: SignedIn;
  const list = async (who: SignedIn) => {
    const res = await injectAs(t.app, who, { method: 'GET', url: '/api/reports/builder' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Array<Record<string, unknown>>;
  };
  async function buildOn(who: SignedIn, formName: string, ReportDispName: string) {
    // Made field by field (POST /api/forms records its maker; the one-step build does not yet).
    const form = await injectAs(t.app, who, { method: 'POST', url: '/api/forms', payload: { Name: formName, Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true } });
    expect(form.statusCode, form.body).toBeLessThan(300);
    const FormId = form.json().FormId as number;
    const field = await injectAs(t.app, who, {
      method: 'POST', url: '/api/formfields',
      payload: { FormId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} },
    });
    expect(field.statusCode, field.body).toBeLessThan(300);
    const report = await injectAs(t.app, who, { method: 'POST', url: '/api/reports/builder', payload: { ReportDispName, Category: 'Built', FormId, Columns: [{ Field: 'Title' }], Filters: [] } });
    expect(report.statusCode, report.body).toBe(201);
    return { FormId, ReportId: report.json().ReportId as number };
  }

  beforeAll(async () => {
    admin = await signIn(t.app);
    // A form builder without View All Records: their own forms only.
    const builders = await addRole(t.app, 'Form Builders');
    await grantModule(t.app, builders, 'FormManagement');
    await grantModule(t.app, builders, 'FormField');
    await addUser(t.app, { UserName: 'bea', Password: 'Builder12345', RoleIds: [builders] });
    builder = await signIn(t.app, 'bea', 'Builder12345');
  });

  it("lists each caller's reachable built reports with form and category, and never the shipped ones", async () => {
    const zebra = await buildOn(admin, 'Incident', 'Zebra incidents');
    const audit = await buildOn(admin, 'Audit', 'Audits');
    const own = await buildOn(builder, 'Visit', 'Visits');
    expect(await list(admin)).toEqual([
      { ReportId: audit.ReportId, ReportDispName: 'Audits', Description: '', Category: 'Built', FormId: audit.FormId, FormName: 'Audit' },
      { ReportId: own.ReportId, ReportDispName: 'Visits', Description: '', Category: 'Built', FormId: own.FormId, FormName: 'Visit' },
      { ReportId: zebra.ReportId, ReportDispName: 'Zebra incidents', Description: '', Category: 'Built', FormId: zebra.FormId, FormName: 'Incident' },
    ]);
    // Bea's own report, though no role of hers is granted it (GET /api/reports would not list it); the administrator's forms' reports not.
    expect((await list(builder)).map((r) => r.ReportDispName)).toEqual(['Visits']);
    const runnable = await injectAs(t.app, builder, { method: 'GET', url: '/api/reports' });
    expect(runnable.json().map((r: { ReportDispName: string }) => r.ReportDispName)).not.toContain('Visits');
  });

  it('is for those who build forms: without Form Management, 403', async () => {
    const clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, 'ReportModule');
    await addUser(t.app, { UserName: 'cid', Password: 'Clerk12345', RoleIds: [clerks] });
    const clerk = await signIn(t.app, 'cid', 'Clerk12345');
    expect((await injectAs(t.app, clerk, { method: 'GET', url: '/api/reports/builder' })).statusCode).toBe(403);
  });
});
