import { beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { injectLocked, readForUpdate } from './record-lock-fixtures.ts';

type Problem = { PropertyName: string; ErrorMessage: string };
type Screen = { form: { recordReport?: { fileName: string; params: Array<{ param: string; field?: string; value?: string }> } } };

/**
 * Issue 31: a built form shows a report under each record (the 'Print Invoice' report card), each parameter filled
 * from a field of the record or a fixed value. The setting is checked against the report and the form, follows a
 * renamed field, is a revision of the form, and is Form Management's alone.
 */
describe.each(databases)("a form's record report, on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let clerk: SignedIn;
  let formId: number;
  let regionFieldId: number;
  let otherFieldId: number;
  let fileName: string;
  let bareFileName: string;
  const url = () => `/api/forms/${formId}/record-report`;
  const save = (who: SignedIn, payload: object) => injectAs(t.app, who, { method: 'POST', url: url(), payload });
  const screen = async () => (await injectAs(t.app, admin, { method: 'GET', url: `/api/metadata/screens/form-${formId}` })).json().Screen as Screen;
  const problems = (res: { json: () => Problem[] }) => res.json().map((p) => [p.PropertyName, p.ErrorMessage]);

  beforeAll(async () => {
    admin = await signIn(t.app);
    const build = async (Name: string, Fields: object[]) => {
      const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/forms/build', payload: { Name, Fields } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().FormId as number;
    };
    formId = await build('Customer', [{ Label: 'Name', FieldType: 'text' }, { Label: 'Region', FieldType: 'text' }]);
    const otherForm = await build('Supplier', [{ Label: 'Name', FieldType: 'text' }]);
    const fieldId = async (id: number, StoredName: string) => (await t.app.db('form_fields').where({ FormId: id, StoredName }).first('FormFieldId')).FormFieldId as number;
    regionFieldId = await fieldId(formId, 'Region');
    otherFieldId = await fieldId(otherForm, 'Name');
    const report = async (ReportDispName: string, Filters: object[]) => {
      const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/reports/builder', payload: { ReportDispName, Category: 'Customers', FormId: formId, Columns: [{ Field: 'Name' }, { Field: 'Region' }], Filters } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().FileName as string;
    };
    fileName = await report('Customers in the region', [{ Field: 'Region' }]);
    bareFileName = await report('Every customer', []);
    const clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, 'ReportModule');
    await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [clerks] });
    clerk = await signIn(t.app, 'clerk', 'Clerk12345');
  });

  it('starts with none, and refuses a setting the report or the form cannot honour, storing nothing', async () => {
    expect((await injectAs(t.app, admin, { method: 'GET', url: url() })).json()).toEqual({ FileName: null, Params: [] });
    const unknown = await save(admin, { FileName: 'no-such-report', Params: [] });
    expect(unknown.statusCode).toBe(400);
    expect(problems(unknown)).toEqual([['FileName', "The report 'no-such-report' is not one you may run."]]);
    const bare = await save(admin, { FileName: bareFileName, Params: [] });
    expect(problems(bare)).toEqual([['FileName', 'The report Every customer has no parameters, so it cannot follow the record: choose one with parameters.']]);
    const missing = await save(admin, { FileName: fileName, Params: [{ Param: 'Region', Value: '  ' }] });
    expect(problems(missing)).toEqual([['Params.Region', 'Region: choose a field of the record or give a value.']]);
    const wrong = await save(admin, { FileName: fileName, Params: [{ Param: 'Region', FormFieldId: otherFieldId }, { Param: 'Colour', Value: 'red' }] });
    expect(problems(wrong)).toEqual([
      ['Params.0.FormFieldId', 'The field must be one of this form.'],
      ['Params.1.Param', 'The report Customers in the region has no parameter Colour.'],
    ]);
    expect((await t.app.db('forms').where({ FormId: formId }).first('RecordReport')).RecordReport).toBeNull();
    expect((await screen()).form.recordReport).toBeUndefined();
  });

  it('is Form Management\'s to set: a user without it is refused', async () => {
    const res = await save(clerk, { FileName: fileName, Params: [{ Param: 'Region', FormFieldId: regionFieldId }] });
    expect(res.statusCode).toBe(403);
    expect((await t.app.db('forms').where({ FormId: formId }).first('RecordReport')).RecordReport).toBeNull();
  });

  it('puts the report on the form\'s screen, following a renamed field, as a revision of the form', async () => {
    const saved = await save(admin, { FileName: fileName, Params: [{ Param: 'Region', FormFieldId: regionFieldId }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await screen()).form.recordReport).toEqual({ fileName, params: [{ param: 'Region', field: 'Region' }] });
    const revisions = (await injectAs(t.app, admin, { method: 'GET', url: `/api/forms/${formId}/revisions` })).json() as Array<{ Summary: string }>;
    expect(revisions[0].Summary).toBe(`Shows the report ${fileName} under each record`);

    // Region is renamed Area: the card fills the parameter from Area, the same field.
    const { record } = await readForUpdate(t.app, admin, `/api/formfields/${regionFieldId}`);
    const renamed = await injectLocked(t.app, admin, { method: 'POST', url: `/api/formfields/${regionFieldId}`, payload: { ...record, Name: 'Area', ReportLabelText: 'Area' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await screen()).form.recordReport?.params).toEqual([{ param: 'Region', field: 'Area' }]);

    // A fixed value instead; then none at all.
    await save(admin, { FileName: fileName, Params: [{ Param: 'Region', Value: 'North' }] });
    expect((await screen()).form.recordReport?.params).toEqual([{ param: 'Region', value: 'North' }]);
    const cleared = await save(admin, { FileName: null, Params: [] });
    expect(cleared.json()).toEqual({ FileName: null, Params: [] });
    expect((await screen()).form.recordReport).toBeUndefined();
  });
});
