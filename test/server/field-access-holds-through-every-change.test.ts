import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { injectLocked, readForUpdate } from './record-lock-fixtures.ts';
import { addRole, addUser } from './account-fixtures.ts';

/**
 * Issue 27's findings 1-4 and 6, and the field levels: a field is known by its id, so a rename or a deactivation never
 * shows a role what its node hides; the screen document describes no hidden field; a read-only field is drawn read-only
 * and refused on change; Is Active follows the right to deactivate.
 */
describe.each(databases)('field access holds through every change of the definition, on %s', (kind) => {
  const t = useTestApp(kind);
  const password = 'Clerk12345';
  let admin: SignedIn;
  let clerk: SignedIn;
  let formId: number;
  let api: string;
  let recordId: number;
  const fieldIds: Record<string, number> = {};
  const marker = { Salary: 'zqsalarymarker', SecretNote: 'zqsecretmarker', Badge: 'zqbadgemarker' };

  const post = async (url: string, payload: object) => {
    const res = await injectLocked(t.app, admin, { method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const fieldBody = (Name: string, extra: object = {}) => ({
    FormId: formId, Name, ReportLabelText: Name, FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {}, ...extra,
  });
  const write = (who: SignedIn, url: string, payload: object) => injectLocked(t.app, who, { method: 'POST', url, payload });
  const get = async (who: SignedIn, url: string) => {
    const res = await injectAs(t.app, who, { url });
    return { status: res.statusCode, body: res.body };
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    formId = (await post('/api/forms', { Name: 'Payroll', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).FormId;
    for (const name of ['Title', 'Salary', 'Secret Note', 'Grade']) fieldIds[name.replace(' ', '')] = (await post('/api/formfields', fieldBody(name))).FormFieldId;
    fieldIds.Badge = (await post('/api/formfields', fieldBody('Badge', { IsUdf: true, StartDate: '2020-01-01' }))).FormFieldId;
    api = `/api/forms/${formId}/records`;
    recordId = (await post(api, { Title: 'First', Salary: `${marker.Salary}old`, SecretNote: `${marker.SecretNote}old`, Grade: 'G1', Badge: `${marker.Badge}old` })).RecordId;
    await post(`${api}/${recordId}`, { Title: 'First', Salary: marker.Salary, SecretNote: marker.SecretNote, Grade: 'G1', Badge: marker.Badge });

    // Clerk: the form's module with View All Records and its routes but not delete; Salary, Secret Note and Badge
    // hidden, Grade read-only.
    const module = await t.app.db('permission_nodes').where({ Type: 'module', Name: `Form${formId}` }).first('NodeId');
    const children: Array<{ NodeId: number; Type: string; Name: string }> = await t.app.db('permission_nodes').where({ ParentNodeId: module.NodeId }).select('NodeId', 'Type', 'Name');
    const hidden = new Set(['Salary', 'SecretNote', 'Badge']);
    const granted = children.filter((c) => !(c.Type === 'field' && hidden.has(c.Name)) && c.Name !== `form-${formId}.delete`);
    const roleId = await addRole(t.app, 'Clerk');
    await t.app.db('role_permissions').insert([
      { RoleId: roleId, NodeId: module.NodeId, HasAccess: true, ViewAllRecords: true },
      ...granted.map((c) => ({ RoleId: roleId, NodeId: c.NodeId, HasAccess: true, ViewAllRecords: false, ReadOnly: c.Type === 'field' && c.Name === 'Grade' })),
    ]);
    await addUser(t.app, { UserName: 'clerk', Password: password, RoleIds: [roleId] });
    clerk = await signIn(t.app, 'clerk', password);
  });

  /** Every answer Clerk gets about the record, as one text. */
  async function clerkSees(): Promise<string> {
    const answers = await Promise.all([`${api}?pageSize=100`, `${api}/${recordId}`, `${api}/${recordId}/history`, `${api}/export.csv`, `/api/metadata/screens/form-${formId}`]
      .map(async (url) => `${url}: ${(await get(clerk, url)).body}`));
    return answers.join('\n');
  }

  it('a renamed hidden field stays hidden: no new node, no grant, its values and History under the new name shown to nobody who lacked it', async () => {
    const nodesBefore = await t.app.db('permission_nodes').where({ Type: 'field' }).count({ n: '*' }).first();
    const { record: body } = await readForUpdate(t.app, admin, `/api/formfields/${fieldIds.Salary}`);
    await write(admin, `/api/formfields/${fieldIds.Salary}`, { ...body, ...fieldBody('Annual Salary') });
    const nodesAfter = await t.app.db('permission_nodes').where({ Type: 'field' }).count({ n: '*' }).first();
    expect(Number(nodesAfter!.n)).toBe(Number(nodesBefore!.n));
    const node = await t.app.db('permission_nodes').where({ FormFieldId: fieldIds.Salary }).first('Name', 'Label');
    expect(node).toMatchObject({ Name: 'AnnualSalary', Label: 'Annual Salary' });

    const seen = await clerkSees();
    expect(seen).not.toContain(marker.Salary);
    expect(seen).not.toMatch(/Salary/);
    expect((await get(clerk, `${api}?sorts=AnnualSalary,asc`)).status).toBe(400);
    expect((await get(clerk, `${api}?cols=AnnualSalary`)).status).toBe(400);
    expect((await get(admin, `${api}?sorts=AnnualSalary,asc`)).status).toBe(200);
    // The check can fail: the administrator sees the value, and History names the old changes by the new name.
    const history = JSON.parse((await get(admin, `${api}/${recordId}/history`)).body) as Array<{ Changes: Array<{ Field: string }> }>;
    const fields = history.flatMap((e) => e.Changes.map((c) => c.Field));
    expect(fields).toContain('AnnualSalary');
    expect(fields).not.toContain('Salary');
    expect((await get(admin, `${api}/${recordId}`)).body).toContain(marker.Salary);
  });

  it("a deactivated field's values are in no answer to a role that lacks it, History included", async () => {
    const { record: body } = await readForUpdate(t.app, admin, `/api/formfields/${fieldIds.SecretNote}`);
    await write(admin, `/api/formfields/${fieldIds.SecretNote}`, { ...body, ...fieldBody('Secret Note', { IsActive: false }) });
    const seen = await clerkSees();
    expect(seen).not.toContain(marker.SecretNote);
    expect(seen).not.toContain('SecretNote');
    expect((await get(admin, `${api}/${recordId}/history`)).body).toContain(marker.SecretNote);
  });

  it('the screen document describes no hidden field: no property, uiSchema entry, rule or id of it', async () => {
    const doc = (await get(clerk, `/api/metadata/screens/form-${formId}`)).body;
    for (const name of ['Salary', 'Badge', 'SecretNote']) expect(doc).not.toContain(name);
    for (const id of [fieldIds.Salary, fieldIds.Badge]) expect(doc).not.toMatch(new RegExp(`"x-formFieldId":${id}\\b`));
    expect(doc).toContain(`"x-formFieldId":${fieldIds.Title}`);
  });

  it('a read-only field is drawn read-only with its value, and a write that changes it is refused whatever the client', async () => {
    const { Screen } = JSON.parse((await get(clerk, `/api/metadata/screens/form-${formId}`)).body);
    expect(Screen.form.uiSchema.Grade['ui:readonly']).toBe(true);
    expect(Screen.form.uiSchema.Title?.['ui:readonly']).toBeUndefined();
    const { record: body } = await readForUpdate(t.app, clerk, `${api}/${recordId}`);
    expect(body.Grade).toBe('G1');
    const changed = await write(clerk, `${api}/${recordId}`, { ...body, Grade: 'G9' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual([expect.objectContaining({ PropertyName: 'Grade', ErrorCode: 'FieldAccess' })]);
    // The record sent back whole, Grade as it was: saved.
    const saved = await write(clerk, `${api}/${recordId}`, { ...body, Title: 'Renamed by clerk' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ Title: 'Renamed by clerk', Grade: 'G1' });
    const created = await injectAs(t.app, clerk, { method: 'POST', url: api, payload: { Title: 'New', Grade: 'G5' } });
    expect(created.statusCode).toBe(400);
    expect(created.json()[0]).toMatchObject({ PropertyName: 'Grade', ErrorCode: 'FieldAccess' });
    expect((await injectAs(t.app, clerk, { method: 'POST', url: api, payload: { Title: 'New' } })).statusCode).toBe(201);
  });

  it('Is Active follows the right to delete or deactivate: read-only and refused without it, saved with it', async () => {
    const { Screen } = JSON.parse((await get(clerk, `/api/metadata/screens/form-${formId}`)).body);
    expect(Screen.form.uiSchema.IsActive).toMatchObject({ 'ui:readonly': true });
    const { record: body } = await readForUpdate(t.app, clerk, `${api}/${recordId}`);
    const refused = await write(clerk, `${api}/${recordId}`, { ...body, IsActive: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[0]).toMatchObject({ PropertyName: 'IsActive', ErrorCode: 'FieldAccess' });
    expect((await get(admin, `${api}/${recordId}`)).body).toContain('"IsActive":true');

    const roleId = (await t.app.db('roles').where({ Name: 'Clerk' }).first('RoleId')).RoleId;
    const deleteNode = await t.app.db('permission_nodes').where({ Type: 'route', Name: `form-${formId}.delete` }).first('NodeId');
    await t.app.db('role_permissions').insert({ RoleId: roleId, NodeId: deleteNode.NodeId, HasAccess: true, ViewAllRecords: false });
    const { record: again } = await readForUpdate(t.app, clerk, `${api}/${recordId}`);
    const saved = await write(clerk, `${api}/${recordId}`, { ...again, IsActive: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().IsActive).toBe(false);
  });

  it("a user's own override can make a field read-only, and the role's editable grant no longer counts", async () => {
    const userId = (await t.app.db('users').where({ UserName: 'clerk' }).first('UserId')).UserId;
    const titleNode = await t.app.db('permission_nodes').where({ FormFieldId: fieldIds.Title }).first('NodeId');
    await t.app.db('user_permissions').insert({ UserId: userId, NodeId: titleNode.NodeId, OverrideHasAccess: true, HasAccess: true, ReadOnly: true });
    const { record: body } = await readForUpdate(t.app, clerk, `${api}/${recordId}`);
    const refused = await write(clerk, `${api}/${recordId}`, { ...body, Title: 'Not allowed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[0]).toMatchObject({ PropertyName: 'Title', ErrorCode: 'FieldAccess' });
    await t.app.db('user_permissions').where({ UserId: userId }).delete();
  });
});
