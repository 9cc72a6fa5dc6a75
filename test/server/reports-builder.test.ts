import { beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { grantNodes, nodeId, revokeNode } from './access-fixtures.ts';
import { injection, reportCalls } from './reports-fixtures.ts';
import { writeLocked } from './record-lock-fixtures.ts';
import { loadReportDefinitions, syncReports } from '../../server/modules/reports/sync.ts';

type Run = { Columns: Array<{ Name: string }>; Rows: Array<Record<string, unknown>>; Total: number; Totals: Record<string, number>; Groups?: Array<{ Key: string; Totals: Record<string, number> }>; Chart?: { Labels: string[]; Series: Array<{ Values: number[] }> } };

/**
 * Issue 31's report builder: a report on a built form, no SQL, run through the one evaluator: the form's module held,
 * its rows by the row rule, and a field the user does not hold neither shown nor usable to filter or sort.
 */
describe.each(databases)('reports built on a form, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let clerk: SignedIn;
  let formId: number;
  let clerks: number;
  let reportId: number;
  const today = new Date().toISOString().slice(0, 10);
  const as = (who: () => SignedIn) => reportCalls(t, who);
  const build = (who: SignedIn, body: object, url = '/api/reports/builder') => injectAs(t.app, who, { method: 'POST', url, payload: body });
  const spec = () => ({
    ReportDispName: 'Incidents by Severity', Category: 'Incidents', FormId: formId,
    Columns: [{ Field: 'Title' }, { Field: 'Severity' }, { Field: 'Cost', Total: 'sum' }, { Field: 'Secret' }, { Field: 'RecordCount', Total: 'sum' }],
    Filters: [{ Field: 'Severity' }, { Field: 'CreatedDate' }, { Field: 'Title' }, { Field: 'Secret' }],
    GroupBy: 'Severity', Chart: { Kind: 'bar', Label: 'Severity', Values: ['RecordCount'] },
  });
  const params = (extra: object = {}) => ({ Severity: ['0'], CreatedDateFrom: today, CreatedDateTo: today, Title: '*', Secret: '*', ...extra });
  const run = async (who: SignedIn, extra: object = {}, sorts?: object[]) => {
    const res = await as(() => who).run({ ReportId: reportId, Params: params(extra), Page: 1, PageSize: 50, ...(sorts ? { Sorts: sorts } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Run;
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    const built = await injectAs(t.app, admin, {
      method: 'POST', url: '/api/forms/build', payload: {
        Name: 'Incident', Fields: [{ Label: 'Title', FieldType: 'text' }, { Label: 'Severity', FieldType: 'selectOne', Items: ['Low', 'High'] }, { Label: 'Cost', FieldType: 'decimal' }, { Label: 'Secret', FieldType: 'text' }],
      },
    });
    expect(built.statusCode, built.body).toBe(201);
    formId = built.json().FormId;
    const { AttributeValues } = await t.app.db('form_fields').where({ FormId: formId, StoredName: 'Severity' }).first('AttributeValues');
    const items = Object.fromEntries((await t.app.db('simple_lookup_items').where({ TableId: AttributeValues.lookupListId }).select('Name', 'SimpleLookupItemId'))
      .map((i: { Name: string; SimpleLookupItemId: number }) => [i.Name, i.SimpleLookupItemId]));
    for (const [Title, severity, Cost] of [['Leak', 'High', 120], ['Spill', 'High', 30.5], ['Dent', 'Low', 10]] as const) {
      const res = await injectAs(t.app, admin, { method: 'POST', url: `/api/forms/${formId}/records`, payload: { Title, Severity: items[severity], Cost, Secret: `secret of ${Title}` } });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Clerks read and add incidents (their own only) without the Secret field, and run reports.
    clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, `Form${formId}`);
    await revokeNode(t.app, clerks, `Form${formId}`, { type: 'field', name: 'Secret' });
    // The Reports module alone: each report is granted one by one.
    await grantNodes(t.app, clerks, [await nodeId(t.app, 'ReportModule')]);
    await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [clerks] });
    clerk = await signIn(t.app, 'clerk', 'Clerk12345');
  });

  it('builds the report, granted to the roles named, and refuses a build that does not fit the form', async () => {
    const fields = (await injectAs(t.app, admin, { method: 'GET', url: `/api/reports/builder/fields?formId=${formId}` })).json();
    expect(fields.map((f: { Field: string }) => f.Field)).toEqual(['Title', 'Severity', 'Cost', 'Secret', 'CreatedDate', 'CreatedBy', 'RecordCount']);
    const bad = await build(admin, { ...spec(), Columns: [{ Field: 'Title', Total: 'sum' }, { Field: 'Nothing' }], Chart: { Kind: 'pie', Label: 'Cost', Values: ['Title'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().map((e: { PropertyName: string; ErrorMessage: string }) => [e.PropertyName, e.ErrorMessage])).toEqual([
      ['Columns/0/Total', 'Title is not a number: it can be counted, not summed or averaged.'],
      ['Columns/1/Field', 'The form Incident has no field Nothing a report can show.'],
      ['GroupBy', "Group by one of the report's columns."],
      ['Chart/Label', "The chart's labels must be one of the report's columns."],
      ['Chart/Values', "The chart's values must be number columns of the report."],
    ]);
    // The clerk may not build (no Form Management).
    expect((await build(clerk, spec())).statusCode).toBe(403);
    const made = await build(admin, { ...spec(), RoleIds: [clerks] });
    expect(made.statusCode, made.body).toBe(201);
    reportId = made.json().ReportId;
    expect(made.json()).toMatchObject({ FileName: `form-${formId}-incidents-by-severity`, Category: 'Incidents', RoleIds: [clerks] });
    expect((await as(() => clerk).get('/api/reports')).json().map((r: { ReportDispName: string }) => r.ReportDispName)).toEqual(['Incidents by Severity']);
  });

  it('runs for the administrator over every record: totals, groups and chart from the records', async () => {
    const result = await run(admin);
    expect(result.Columns.map((c) => c.Name)).toEqual(['Title', 'Severity', 'Cost', 'Secret', 'RecordCount']);
    expect(result.Total).toBe(3);
    expect(result.Rows.find((r) => r.Title === 'Leak')).toMatchObject({ Severity: 'High', Secret: 'secret of Leak', RecordCount: 1 });
    expect(result.Totals).toEqual({ Cost: 160.5, RecordCount: 3 });
    expect(result.Groups).toEqual([{ Key: 'High', Totals: { Cost: 150.5, RecordCount: 2 } }, { Key: 'Low', Totals: { Cost: 10, RecordCount: 1 } }]);
    expect(result.Chart).toMatchObject({ Labels: ['High', 'Low'], Series: [{ Values: [2, 1] }] });
    // Paging on: the page alone, without the whole result's summary, which the client keeps.
    const pageOnly = await as(() => admin).run({ ReportId: reportId, Params: params(), Page: 1, PageSize: 50, Summary: false });
    expect(pageOnly.json()).toEqual({ Columns: result.Columns, Rows: result.Rows });
    const high = (await t.app.db('simple_lookup_items').where({ Name: 'High' }).first('SimpleLookupItemId')).SimpleLookupItemId;
    expect((await run(admin, { Severity: [String(high)] })).Total).toBe(2);
    expect((await run(admin, { Title: 'eak' })).Rows.map((r) => r.Title)).toEqual(['Leak']);
    expect((await run(admin, { Title: injection })).Total).toBe(0);
    expect((await run(admin, { CreatedDateFrom: '2020-01-01', CreatedDateTo: '2020-12-31' })).Total).toBe(0);
    expect(await t.app.db('users').where({ UserName: 'admin' }).first('UserId')).toBeDefined();
  });

  it('runs for the clerk without the field the clerk does not hold, and over the clerk\'s own records only', async () => {
    expect((await run(clerk)).Total).toBe(0);
    const res = await injectAs(t.app, clerk, { method: 'POST', url: `/api/forms/${formId}/records`, payload: { Title: 'Scratch', Cost: 5 } });
    expect(res.statusCode, res.body).toBe(201);
    const result = await run(clerk);
    expect(result.Columns.map((c) => c.Name)).toEqual(['Title', 'Severity', 'Cost', 'RecordCount']);
    expect(result.Rows).toEqual([{ Title: 'Scratch', Severity: null, Cost: 5, RecordCount: 1 }]);
    expect(JSON.stringify(result)).not.toContain('secret of');
    // Nor a filter, nor a sort by it.
    const parameters = (await as(() => clerk).get(`/api/reports/parameters?reportCategoryId=${reportId}`)).json();
    expect(parameters.map((p: { Param: string }) => p.Param)).toEqual(['Severity', 'CreatedDateFrom', 'CreatedDateTo', 'Title']);
    const secretParam = (await t.app.db('report_parameters').where({ ReportId: reportId, Param: 'Secret' }).first('ParameterId')).ParameterId;
    expect((await as(() => clerk).get(`/api/reports/parameter-values?parameterId=${secretParam}&value=`)).statusCode).toBe(404);
    const sorted = await as(() => clerk).run({ ReportId: reportId, Params: params(), Page: 1, PageSize: 10, Sorts: [{ Field: 'Secret', Dir: 'asc' }] });
    expect(sorted.statusCode).toBe(400);
    const exported = await as(() => clerk).exportAs('csv', { ReportId: reportId, Params: params() });
    expect(exported.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('Title,Severity,Cost,Records');
    // The form's module taken away: the report answers as none.
    await t.app.db('role_permissions').where({ RoleId: clerks, NodeId: await nodeId(t.app, `Form${formId}`) }).delete();
    expect((await as(() => clerk).run({ ReportId: reportId, Params: params(), Page: 1, PageSize: 10 })).statusCode).toBe(404);
  });

  it('stays through a restart, and changes and goes with its builder', async () => {
    await syncReports(t.app.db, await loadReportDefinitions());
    expect((await as(() => admin).get('/api/reports')).json().map((r: { ReportId: number }) => r.ReportId)).toContain(reportId);
    const changeUrl = `/api/reports/builder/${reportId}`;
    const change = { ...spec(), ReportDispName: 'Incidents', Columns: [{ Field: 'Title' }], Filters: [], GroupBy: null, Chart: null };
    // As any record: a change without the lock and version read is refused.
    expect((await build(admin, change, changeUrl)).statusCode).toBe(400);
    const changed = await writeLocked(t.app, admin, 'POST', changeUrl, change);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ ReportDispName: 'Incidents', FileName: `form-${formId}-incidents-by-severity` });
    expect((await run(admin)).Columns.map((c) => c.Name)).toEqual(['Title']);
    expect((await writeLocked(t.app, admin, 'DELETE', changeUrl)).statusCode).toBe(204);
    expect((await as(() => admin).run({ ReportId: reportId, Params: {}, Page: 1, PageSize: 10 })).statusCode).toBe(404);
  });
});
