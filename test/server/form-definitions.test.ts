import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { shippedRouteSegments } from '../../server/modules/forms/screens.ts';

type Method = 'GET' | 'POST' | 'DELETE';
interface Fault { PropertyName: string | null; ErrorMessage: string; ErrorCode?: string }

describe.each(databases)('forms and their definitions on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const as = (who: SignedIn, method: Method, url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });

  const formBody = (Name: string, extra: object = {}) => ({ Name, Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true, ...extra });
  async function newForm(Name: string, extra: object = {}): Promise<number> {
    const res = await as(admin, 'POST', '/api/forms', formBody(Name, extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().FormId as number;
  }
  const fieldBody = (FormId: number, Name: string, FieldType = 'text', extra: object = {}) => ({
    FormId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {}, ...extra,
  });
  const udfBody = (FormId: number, Name: string, extra: object = {}) => fieldBody(FormId, Name, 'text', { IsUdf: true, ReportLabelText: null, StartDate: '2020-01-01', ...extra });
  async function addField(body: object, who = admin): Promise<{ FormFieldId: number; Name: string }> {
    const res = await as(who, 'POST', '/api/formfields', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function columnsOf(formId: number): Promise<Array<{ Column: string; Type: string }>> {
    const result = await t.app.db.raw(
      `select column_name as "Column", data_type as "Type" from information_schema.columns where table_schema = current_schema() and table_name = ? order by ordinal_position`,
      [`form_records_${formId}`],
    );
    return result.rows;
  }
  const revisionOf = async (formId: number) => ((await t.app.db('forms').where({ FormId: formId }).first('Revision')) as { Revision: number }).Revision;
  const tableExists = async (name: string) => ((await t.app.db.raw('select to_regclass(?) is not null as "Exists"', [name])).rows[0] as { Exists: boolean }).Exists;

  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  describe('creating a form', () => {
    let formId: number;
    beforeAll(async () => {
      formId = await newForm('Incident Report');
      await addField(fieldBody(formId, 'Title', 'text', { AttributeValues: { required: true } }));
      await addField(fieldBody(formId, 'Severity', 'integer'));
    });

    it('creates its record table with the record columns and a column per field', async () => {
      expect(await tableExists(`form_records_${formId}`)).toBe(true);
      const columns = (await columnsOf(formId)).map((c) => c.Column);
      expect(columns).toEqual(expect.arrayContaining(['record_id', 'is_active', 'created_by_id', 'udf', 'title', 'severity']));
      expect((await columnsOf(formId)).find((c) => c.Column === 'severity')?.Type).toBe('integer');
    });

    it('creates its module Form<id> under BuiltForms, with the route nodes and a field node per field', async () => {
      const category = await t.app.db('permission_categories').where({ Name: 'BuiltForms' }).first('CategoryId');
      const module = await t.app.db('modules').where({ Name: `Form${formId}` }).first('ModuleId', 'Label', 'CategoryId');
      expect(module).toMatchObject({ Label: 'Incident Report', CategoryId: category.CategoryId });
      const node = await t.app.db('permission_nodes').where({ Type: 'module', Name: `Form${formId}` }).first('NodeId', 'ModuleId');
      expect(node.ModuleId).toBe(module.ModuleId);
      const children: Array<{ Type: string; Name: string }> = await t.app.db('permission_nodes')
        .where({ ParentNodeId: node.NodeId, IsRetired: false }).select('Type', 'Name');
      expect(children.filter((c) => c.Type === 'route').map((c) => c.Name).sort())
        .toEqual([`form-${formId}.create`, `form-${formId}.delete`, `form-${formId}.update`]);
      expect(children.filter((c) => c.Type === 'field').map((c) => c.Name)).toEqual(expect.arrayContaining(['Title', 'Severity']));
    });

    it("keeps the change as revisions, the first 'Created the form'", async () => {
      const revisions = (await as(admin, 'GET', `/api/forms/${formId}/revisions`)).json();
      expect(revisions.map((r: { Summary: string }) => r.Summary)).toEqual(['Added the field Severity', 'Added the field Title', 'Created the form']);
      expect(revisions.at(-1)).toMatchObject({ ChangedBy: 'admin', Summary: 'Created the form' });
      expect(revisions[0].Revision).toBe(await revisionOf(formId));
    });

    it('refuses a second form with the same name in another case', async () => {
      const before = await t.app.db('forms').count({ Count: '*' });
      const res = await as(admin, 'POST', '/api/forms', formBody('incident REPORT'));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual([{ PropertyName: 'Name', ErrorMessage: 'A record with the name incident REPORT already exists.', ErrorCode: 'Unique' }]);
      expect(await t.app.db('forms').count({ Count: '*' })).toEqual(before);
    });

    it("refuses a name whose route a shipped screen has, and one whose route another form has, creating nothing", async () => {
      expect(shippedRouteSegments(t.app).has('role')).toBe(true);
      const forms = Number((await t.app.db('forms').count({ Count: '*' }))[0].Count);
      const modules = Number((await t.app.db('modules').where('Name', 'like', 'Form%').count({ Count: '*' }))[0].Count);
      const shipped = await as(admin, 'POST', '/api/forms', formBody('Role'));
      expect(shipped.statusCode, shipped.body).toBe(409);
      expect(shipped.json()).toEqual([{ PropertyName: 'Name', ErrorCode: 'RouteTaken', ErrorMessage: "The name Role would give the form's records the route /role, which the product uses. Choose another name." }]);
      for (const Name of ['User', 'Form', 'LookupTableManager', 'AppSettings', 'Home']) {
        const res = await as(admin, 'POST', '/api/forms', formBody(Name));
        expect(res.statusCode, `${Name}: ${res.body}`).toBe(409);
        expect(res.json()[0].ErrorCode).toBe('RouteTaken');
      }
      const other = await as(admin, 'POST', '/api/forms', formBody('Incident - Report!'));
      expect(other.statusCode, other.body).toBe(409);
      expect(other.json()).toEqual([{
        PropertyName: 'Name', ErrorCode: 'RouteTaken',
        ErrorMessage: "The name Incident - Report! would give the form's records the route /incident-report, which the form Incident Report has. Choose another name.",
      }]);
      expect(Number((await t.app.db('forms').count({ Count: '*' }))[0].Count)).toBe(forms);
      expect(Number((await t.app.db('modules').where('Name', 'like', 'Form%').count({ Count: '*' }))[0].Count)).toBe(modules);
    });

    it("refuses a rename onto another form's route", async () => {
      const otherId = await newForm('Site Visit');
      const row = (await as(admin, 'GET', `/api/forms/${otherId}`)).json();
      const res = await as(admin, 'POST', `/api/forms/${otherId}`, { ...formBody('Incident-Report'), FormId: otherId, IsActive: row.IsActive });
      expect(res.statusCode, res.body).toBe(409);
      expect((await t.app.db('forms').where({ FormId: otherId }).first('Name')).Name).toBe('Site Visit');
    });
  });

  describe('field faults', () => {
    let formId: number;
    let plainFormId: number;
    beforeAll(async () => {
      formId = await newForm('Fault Form');
      plainFormId = await newForm('Plain Form', { CanHaveEav: false });
      await addField(fieldBody(formId, 'Severity', 'integer'));
    });

    const cases: Array<[string, (formId: number, plainFormId: number) => object, Fault]> = [
      ['an unknown type', (f) => fieldBody(f, 'Colour', 'rainbow'),
        { PropertyName: 'FieldType', ErrorCode: 'unknownFieldType', ErrorMessage: "'rainbow' is not a field type. Choose a type from the list." }],
      ['a name starting with a digit', (f) => fieldBody(f, '1st'),
        { PropertyName: 'Name', ErrorCode: 'invalidName', ErrorMessage: "'1st' cannot start with a digit." }],
      ['a name with no letters or digits', (f) => fieldBody(f, '--'),
        { PropertyName: 'Name', ErrorCode: 'invalidName', ErrorMessage: "'--' has no letters or digits to make a field name of." }],
      ['the reserved name IsActive', (f) => fieldBody(f, 'IsActive', 'yesNo'),
        { PropertyName: 'Name', ErrorCode: 'invalidName', ErrorMessage: "'IsActive' is reserved: every record has a field IsActive." }],
      ['the reserved name after normalising (is active)', (f) => fieldBody(f, 'is active', 'yesNo'),
        { PropertyName: 'Name', ErrorCode: 'invalidName', ErrorMessage: "'is active' is reserved: every record has a field IsActive." }],
      ["a second field named 'severity'", (f) => fieldBody(f, 'severity'),
        { PropertyName: 'Name', ErrorCode: 'duplicateName', ErrorMessage: "Two fields are named Severity: 'Severity' and 'severity'." }],
      ['maxLength -1', (f) => fieldBody(f, 'Summary', 'text', { AttributeValues: { maxLength: -1 } }),
        { PropertyName: 'AttributeValues.maxLength', ErrorCode: 'attributeValue', ErrorMessage: 'Maximum Length must be between 1 and 2000.' }],
      ['maxLength as text', (f) => fieldBody(f, 'Summary', 'text', { AttributeValues: { maxLength: 'ten' } }),
        { PropertyName: 'AttributeValues.maxLength', ErrorCode: 'attributeValue', ErrorMessage: 'Maximum Length must be a whole number.' }],
      ['required as text', (f) => fieldBody(f, 'Summary', 'text', { AttributeValues: { required: 'yes' } }),
        { PropertyName: 'AttributeValues.required', ErrorCode: 'attributeValue', ErrorMessage: 'Required must be Yes or No.' }],
      ['a pattern name that is not one', (f) => fieldBody(f, 'Summary', 'text', { AttributeValues: { pattern: 'shoeSize' } }),
        { PropertyName: 'AttributeValues.pattern', ErrorCode: 'attributeValue', ErrorMessage: expect.stringMatching(/^Pattern: there is no pattern named 'shoeSize'\. Choose one of: /) }],
      ['an attribute the type does not have', (f) => fieldBody(f, 'Summary', 'text', { AttributeValues: { decimalPlaces: 2 } }),
        { PropertyName: 'AttributeValues.decimalPlaces', ErrorCode: 'unknownAttribute', ErrorMessage: 'Unknown attribute decimalPlaces for the field type Text.' }],
      ['a UDF on a form without CanHaveEav', (_f, p) => udfBody(p, 'Badge'),
        { PropertyName: 'IsUdf', ErrorCode: 'udfNotAllowed', ErrorMessage: "'Badge' is a user-defined field, but the form Plain Form does not allow user-defined fields." }],
      ['a UDF without StartDate', (f) => udfBody(f, 'Badge', { StartDate: null }),
        { PropertyName: 'StartDate', ErrorCode: 'required', ErrorMessage: 'Start Date is required.' }],
      ['a UDF whose EndDate is before its StartDate', (f) => udfBody(f, 'Badge', { StartDate: '2024-05-10', EndDate: '2024-05-09' }),
        { PropertyName: 'EndDate', ErrorCode: expect.any(String), ErrorMessage: expect.any(String) }],
      ['an ordinary field without ReportLabelText', (f) => fieldBody(f, 'Summary', 'text', { ReportLabelText: '  ' }),
        { PropertyName: 'ReportLabelText', ErrorCode: 'required', ErrorMessage: 'Report Label Text is required.' }],
    ];

    for (const [what, body, fault] of cases) {
      it(`refuses ${what} by PropertyName and writes nothing`, async () => {
        const target = (body(formId, plainFormId) as { FormId: number }).FormId;
        const fields = await t.app.db('form_fields').where({ FormId: target }).select('FormFieldId', 'Name', 'FieldType');
        const columns = await columnsOf(target);
        const revision = await revisionOf(target);
        const res = await as(admin, 'POST', '/api/formfields', body(formId, plainFormId));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual([fault]);
        expect(await t.app.db('form_fields').where({ FormId: target }).select('FormFieldId', 'Name', 'FieldType')).toEqual(fields);
        expect(await columnsOf(target)).toEqual(columns);
        expect(await revisionOf(target)).toBe(revision);
      });
    }

    it('takes a UDF without ReportLabelText, and the same field once the fault is put right', async () => {
      await addField(udfBody(formId, 'Badge', { StartDate: '2024-05-10', EndDate: '2024-05-10' }));
      await addField(fieldBody(formId, 'Summary', 'text', { AttributeValues: { maxLength: 10, pattern: 'email' } }));
      expect((await columnsOf(formId)).map((c) => c.Column)).toContain('summary');
      // A UDF is a key of the record's Udf JSONB: no column.
      expect((await columnsOf(formId)).map((c) => c.Column)).not.toContain('badge');
    });

    it('refuses a field whose name a UDF already has', async () => {
      const res = await as(admin, 'POST', '/api/formfields', fieldBody(formId, 'BADGE'));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual([expect.objectContaining({ PropertyName: 'Name', ErrorCode: 'duplicateName' })]);
    });
  });

  describe('reordering', () => {
    let formId: number;
    let a: number, b: number, c: number, u1: number, u2: number;
    beforeAll(async () => {
      formId = await newForm('Order Form');
      a = (await addField(fieldBody(formId, 'Alpha'))).FormFieldId;
      b = (await addField(fieldBody(formId, 'Bravo'))).FormFieldId;
      c = (await addField(fieldBody(formId, 'Charlie'))).FormFieldId;
      u1 = (await addField(udfBody(formId, 'Uniform'))).FormFieldId;
      u2 = (await addField(udfBody(formId, 'Victor'))).FormFieldId;
    });
    const ids = (rows: Array<{ FormFieldId: number }>) => rows.map((r) => r.FormFieldId);

    it('refuses an order with a field missing, an extra id, a repeated id or a UDF among the fields, changing nothing', async () => {
      const revision = await revisionOf(formId);
      for (const FormFieldIds of [[a, b], [a, b, c, 999999], [a, b, b], [a, b, c, u1], [c, b, a].slice(0, 2).concat(u1)]) {
        const res = await as(admin, 'POST', `/api/forms/${formId}/fields/reorder`, { FormFieldIds });
        expect(res.statusCode, `${FormFieldIds}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual([expect.objectContaining({ PropertyName: 'FormFieldIds', ErrorCode: 'ReorderMismatch' })]);
      }
      const udfs = await as(admin, 'POST', `/api/forms/${formId}/udfs/reorder`, { FormFieldIds: [u1, u2, a] });
      expect(udfs.statusCode, udfs.body).toBe(400);
      expect(ids((await as(admin, 'GET', `/api/forms/${formId}/fields`)).json())).toEqual([a, b, c]);
      expect(ids((await as(admin, 'GET', `/api/forms/${formId}/udfs`)).json())).toEqual([u1, u2]);
      expect(await revisionOf(formId)).toBe(revision);
    });

    it('applies a full order of the fields, and of the UDFs by their own call, to the lists and the screen', async () => {
      const fields = await as(admin, 'POST', `/api/forms/${formId}/fields/reorder`, { FormFieldIds: [c, a, b] });
      expect(fields.statusCode, fields.body).toBe(200);
      expect(ids(fields.json())).toEqual([c, a, b]);
      const udfs = await as(admin, 'POST', `/api/forms/${formId}/udfs/reorder`, { FormFieldIds: [u2, u1] });
      expect(udfs.statusCode, udfs.body).toBe(200);
      expect(ids((await as(admin, 'GET', `/api/forms/${formId}/fields`)).json())).toEqual([c, a, b]);
      expect(ids((await as(admin, 'GET', `/api/forms/${formId}/udfs`)).json())).toEqual([u2, u1]);
      const screen = (await as(admin, 'GET', `/api/metadata/screens/form-${formId}`)).json().Screen;
      expect(screen.form.fields.update).toEqual(['Charlie', 'Alpha', 'Bravo', 'Victor', 'Uniform', 'IsActive']);
      const summaries = (await as(admin, 'GET', `/api/forms/${formId}/revisions`)).json().map((r: { Summary: string }) => r.Summary);
      expect(summaries.slice(0, 2)).toEqual(['Reordered the user-defined fields', 'Reordered the fields']);
    });
  });

  it('lists revisions newest first with who made each change', async () => {
    const roleId = await addRole(t.app, 'Form Designers');
    await grantModule(t.app, roleId, 'FormManagement', true);
    await grantModule(t.app, roleId, 'FormField', true);
    await addUser(t.app, { UserName: 'designer', Password: 'Design12345', RoleIds: [roleId] });
    const designer = await signIn(t.app, 'designer', 'Design12345');
    const formId = await newForm('Revision Form');
    await addField(fieldBody(formId, 'First'), designer);
    const second = await addField(fieldBody(formId, 'Second'));
    const changed = await as(designer, 'POST', `/api/formfields/${second.FormFieldId}`, fieldBody(formId, 'Second', 'text', { IsActive: false }));
    expect(changed.statusCode, changed.body).toBe(200);
    const revisions = (await as(admin, 'GET', `/api/forms/${formId}/revisions`)).json();
    expect(revisions.map((r: { ChangedBy: string; Summary: string }) => [r.ChangedBy, r.Summary])).toEqual([
      ['designer', 'Changed the field Second: deactivated'],
      ['admin', 'Added the field Second'],
      ['designer', 'Added the field First'],
      ['admin', 'Created the form'],
    ]);
    const numbers = revisions.map((r: { Revision: number }) => r.Revision);
    expect(numbers).toEqual([...numbers].sort((x: number, y: number) => y - x));
    expect(new Set(numbers).size).toBe(4);
  });

  describe('deleting a form', () => {
    it('is refused while it has records, with their count, and changes nothing', async () => {
      const formId = await newForm('Busy Form');
      await addField(fieldBody(formId, 'Title'));
      for (const Title of ['one', 'two']) {
        const res = await as(admin, 'POST', `/api/forms/${formId}/records`, { Title });
        expect(res.statusCode, res.body).toBe(201);
      }
      const res = await as(admin, 'DELETE', `/api/forms/${formId}`);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual([expect.objectContaining({ ErrorMessage: 'The form Busy Form has 2 records: deactivate it instead, or delete its records first.' })]);
      expect(await tableExists(`form_records_${formId}`)).toBe(true);
      expect(await t.app.db('modules').where({ Name: `Form${formId}` }).first('ModuleId')).toBeTruthy();
      expect(await t.app.db('forms').where({ FormId: formId }).first('FormId')).toBeTruthy();
    });

    it('without records drops its record table, its module and its module node', async () => {
      const formId = await newForm('Idle Form');
      await addField(fieldBody(formId, 'Title'));
      const res = await as(admin, 'DELETE', `/api/forms/${formId}`);
      expect(res.statusCode, res.body).toBe(204);
      expect(await t.app.db('forms').where({ FormId: formId }).first('FormId')).toBeUndefined();
      expect(await tableExists(`form_records_${formId}`)).toBe(false);
      expect(await t.app.db('modules').where({ Name: `Form${formId}` }).first('ModuleId')).toBeUndefined();
      expect(await t.app.db('permission_nodes').where({ Type: 'module', Name: `Form${formId}` }).first('NodeId')).toBeUndefined();
      expect((await as(admin, 'GET', `/api/metadata/screens/form-${formId}`)).statusCode).toBe(404);
    });
  });

  describe('field types, attributes and schema definitions', () => {
    it('lists every type, and for a UDF only those a UDF may have', async () => {
      const all = (await as(admin, 'GET', '/api/formfields/types')).json() as Array<{ Id: string; UdfAllowed: boolean }>;
      const forUdf = (await as(admin, 'GET', '/api/formfields/types?isUdf=true')).json() as Array<{ Id: string }>;
      expect(all.map((x) => x.Id)).toEqual(expect.arrayContaining(['text', 'integer', 'date', 'fileUpload', 'image']));
      expect(forUdf.map((x) => x.Id)).toEqual(all.filter((x) => x.UdfAllowed).map((x) => x.Id));
      expect(forUdf.length).toBeLessThan(all.length);
      expect(forUdf.map((x) => x.Id)).not.toContain('fileUpload');
      expect(forUdf.map((x) => x.Id)).not.toContain('image');
      expect((await as(admin, 'GET', '/api/formfields/types?isUdf=false')).json()).toHaveLength(all.length);
    });

    it("answers a type's attributes, and 404 for a type that is none", async () => {
      const text = (await as(admin, 'GET', '/api/formfields/types/text/attributes')).json() as Array<{ name: string; type: string; default?: unknown }>;
      expect(text.map((a) => a.name)).toEqual(['required', 'minLength', 'maxLength', 'pattern']);
      expect(text.find((a) => a.name === 'maxLength')).toMatchObject({ type: 'integer', default: 200 });
      const date = (await as(admin, 'GET', '/api/formfields/types/date/attributes')).json() as Array<{ name: string }>;
      expect(date.map((a) => a.name)).toEqual(['required']);
      const none = await as(admin, 'GET', '/api/formfields/types/rainbow/attributes');
      expect(none.statusCode).toBe(404);
    });

    it("answers a field's schema definition: text with its maximum length, integer with its upper bound", async () => {
      const formId = await newForm('Schema Form');
      const short = await addField(fieldBody(formId, 'Code', 'text', { AttributeValues: { maxLength: 12 } }));
      const plain = await addField(fieldBody(formId, 'Remark', 'text'));
      const count = await addField(fieldBody(formId, 'Count', 'integer', { AttributeValues: { lessThanOrEqualTo: 99 } }));
      const off = await addField(fieldBody(formId, 'Old', 'date', { IsActive: false }));
      const definition = async (id: number) => (await as(admin, 'GET', `/api/formfields/${id}/schema-definition`)).json();
      expect(await definition(short.FormFieldId)).toEqual({ Type: 'text', LessThanOrEqualTo: 12, Enabled: true });
      expect(await definition(plain.FormFieldId)).toEqual({ Type: 'text', LessThanOrEqualTo: 200, Enabled: true });
      expect(await definition(count.FormFieldId)).toEqual({ Type: 'integer', LessThanOrEqualTo: 99, Enabled: true });
      expect(await definition(off.FormFieldId)).toEqual({ Type: 'date', LessThanOrEqualTo: null, Enabled: false });
    });
  });
});
