import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { reservedFormMessage } from '../../server/modules/forms/form-routes.ts';
import { reservedFieldMessage } from '../../server/modules/forms/field-changes.ts';

type Method = 'GET' | 'POST' | 'DELETE';
type Row = Record<string, unknown>;

const newUser = (name: string, more: Row = {}) => ({
  FirstName: 'Grace', LastName: name, EmailAddress: `${name}@example.org`, ConfirmEmailAddress: `${name}@example.org`,
  UserName: `${name}@example.org`, Password: 'Compiler1952', ConfirmPassword: 'Compiler1952', ...more,
});

const udf = (FormId: number, Name: string, more: Row = {}) => ({
  FormId, Name, ReportLabelText: null, FieldType: 'text', IsUdf: true, IsActive: true, StartDate: '2020-01-01', EndDate: null, AttributeValues: {}, ...more,
});

describe.each(databases)('built-in entities as reserved forms, and UDFs on users, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let usersForm: Row & { FormId: number };
  const call = (method: Method, url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  const usersScreen = async () => (await call('GET', '/api/metadata/screens/users')).json() as { Screen: { form: { fields: { create: string[]; update: string[] } }; list: { columns: Row[] } }; Schema: { properties: Record<string, Row> } };
  const stored = async (UserId: number) => ((await t.app.db('users').where({ UserId }).first('Udf')) as { Udf: Row }).Udf;

  beforeAll(async () => {
    admin = await signIn(t.app);
    const forms = (await call('GET', '/api/forms?includeInactive=true&pageSize=1000')).json().Items as Array<Row & { FormId: number }>;
    usersForm = forms.find((f) => f.Name === 'Users')!;
  });

  it('lists users, roles, forms and lookup tables as reserved forms with their shipped fields, which cannot be changed', async () => {
    const forms = (await call('GET', '/api/forms?includeInactive=true&pageSize=1000')).json().Items as Row[];
    expect(forms.map((f) => f.Name)).toEqual(expect.arrayContaining(['Users', 'Roles', 'Forms', 'Lookup Tables']));
    const read = (await call('GET', `/api/forms/${usersForm.FormId}`)).json();
    expect(read).toMatchObject({ IsReserved: true, CanHaveEav: true, Source: 'users' });
    const fields = (await call('GET', `/api/forms/${usersForm.FormId}/fields`)).json() as Array<Row & { FormFieldId: number }>;
    const userName = fields.find((f) => f.Name === 'UserName')!;
    expect(userName).toMatchObject({ IsReserved: true, FieldType: 'text', ReportLabelText: 'User Name' });
    // Passwords (write-only) and the permission tree (no field type draws it) are no fields of the form.
    expect(fields.map((f) => f.Name)).not.toContain('Password');
    expect(fields.map((f) => f.Name)).not.toContain('Permissions');

    const retype = await call('POST', `/api/formfields/${userName.FormFieldId}`, { ...userName, FieldType: 'integer' });
    expect(retype.statusCode).toBe(403);
    expect(retype.json()[0].ErrorMessage).toBe(reservedFieldMessage);
    expect((await call('DELETE', `/api/formfields/${userName.FormFieldId}`)).statusCode).toBe(403);
    const renamed = await call('POST', `/api/forms/${usersForm.FormId}`, { ...read, Name: 'People' });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json()[0]).toMatchObject({ PropertyName: 'Name', ErrorMessage: reservedFormMessage });
    const roles = forms.find((f) => f.Name === 'Roles') as { FormId: number };
    const rolesForm = (await call('GET', `/api/forms/${roles.FormId}`)).json();
    expect((await call('POST', `/api/forms/${roles.FormId}`, { ...rolesForm, CanHaveEav: true })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/forms/${roles.FormId}`)).statusCode).toBe(403);
    expect((await call('GET', `/api/forms/${usersForm.FormId}`)).json().Name).toBe('Users');
  });

  it("adds a UDF to the user form, list, read and save; deactivating it hides it and keeps every value", async () => {
    const added = await call('POST', '/api/formfields', udf(usersForm.FormId, 'Badge Number', { AttributeValues: { maxLength: 10 } }));
    expect(added.statusCode, added.body).toBe(201);
    const badge = added.json() as Row & { FormFieldId: number };

    const screen = await usersScreen();
    expect(screen.Screen.form.fields.create.at(-1)).toBe('BadgeNumber');
    expect(screen.Screen.form.fields.update.at(-1)).toBe('BadgeNumber');
    expect(screen.Schema.properties.BadgeNumber).toMatchObject({ title: 'Badge Number', maxLength: 10, 'x-udf': true });
    expect(screen.Screen.list.columns.at(-1)).toMatchObject({ field: 'BadgeNumber', hidden: true });

    // The composed schema checks it on the server as in the browser.
    const tooLong = await call('POST', '/api/users', newUser('hopper', { BadgeNumber: 'B-1234567890' }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()[0].PropertyName).toBe('BadgeNumber');

    const created = await call('POST', '/api/users', newUser('hopper', { BadgeNumber: 'B-77' }));
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json() as Row & { UserId: number };
    expect(user.BadgeNumber).toBe('B-77');
    expect(await stored(user.UserId)).toEqual({ [`f${badge.FormFieldId}`]: 'B-77' });
    const listed = (await call('GET', `/api/users?cols=UserName,BadgeNumber&q=hopper`)).json().Items;
    expect(listed).toEqual([expect.objectContaining({ UserName: 'hopper@example.org', BadgeNumber: 'B-77' })]);
    const csv = await call('GET', '/api/users/export.csv?cols=UserName,BadgeNumber&q=hopper');
    expect(csv.body).toContain('B-77');

    // Deactivated: gone from the screen, and a save without it keeps the stored value.
    expect((await call('POST', `/api/formfields/${badge.FormFieldId}`, { ...badge, IsActive: false })).statusCode).toBe(200);
    expect((await usersScreen()).Schema.properties.BadgeNumber).toBeUndefined();
    const read = (await call('GET', `/api/users/${user.UserId}`)).json();
    expect(read).not.toHaveProperty('BadgeNumber');
    const saved = await call('POST', `/api/users/${user.UserId}`, { ...read, FirstName: 'Amazing Grace' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stored(user.UserId)).toEqual({ [`f${badge.FormFieldId}`]: 'B-77' });

    // Reactivated: the value is there again.
    expect((await call('POST', `/api/formfields/${badge.FormFieldId}`, { ...badge, IsActive: true })).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${user.UserId}`)).json()).toMatchObject({ FirstName: 'Amazing Grace', BadgeNumber: 'B-77' });

    // A UDF holding values cannot be deleted; renaming it keeps them under the new name.
    expect((await call('DELETE', `/api/formfields/${badge.FormFieldId}`)).statusCode).toBe(409);
    expect((await call('POST', `/api/formfields/${badge.FormFieldId}`, { ...badge, Name: 'Badge Code' })).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${user.UserId}`)).json()).toMatchObject({ BadgeCode: 'B-77' });
    // Stored under the field's id, which the rename left as it was.
    expect(await stored(user.UserId)).toEqual({ [`f${badge.FormFieldId}`]: 'B-77' });
  });

  it('gives each UDF of the user form a field node under the Users module, and answers read EAV for the user list page', async () => {
    await call('POST', '/api/formfields', udf(usersForm.FormId, 'Shoe Size', { FieldType: 'integer' }));
    const node = await t.app.db('permission_nodes as n').join('modules as m', 'm.module_id', 'n.module_id')
      .where({ 'm.name': 'RegisterUser', 'n.type': 'field', 'n.name': 'ShoeSize', 'n.is_retired': false }).first('n.label as Label');
    expect(node).toEqual({ Label: 'Shoe Size' });
    const eav = (await call('GET', '/api/forms/eav/1')).json() as Array<{ DirectiveName: string; Properties: Row }>;
    expect(eav.find((d) => d.Properties.Name === 'ShoeSize')).toMatchObject({ DirectiveName: 'integer', Properties: { Label: 'Shoe Size' } });
    expect((await call('GET', '/api/forms/eav/999')).json()).toEqual([]);
  });
});
