import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { nodeId, revokeNode } from './access-fixtures.ts';
import { csvOf, importsOf } from './import-fixtures.ts';
import { header, shipmentForm } from './import-form-fixture.ts';

describe.each(databases)("who may import into a built form, and which fields, on %s", (kind) => {
  const t = useTestApp(kind);
  const password = 'Passw0rd1';
  let admin: SignedIn;
  let form: Awaited<ReturnType<typeof shipmentForm>>;
  let imports: ReturnType<typeof importsOf>;
  const file = (title: string) => csvOf([header, [title, '1', '', '', '', '', '', 'B-7']]);

  async function userWith(name: string, roleId: number): Promise<SignedIn> {
    await addUser(t.app, { UserName: name, Password: password, RoleIds: [roleId] });
    return signIn(t.app, name, password);
  }

  beforeAll(async () => {
    admin = await signIn(t.app);
    form = await shipmentForm(t.app, admin);
    imports = importsOf(t.app, form.formId);
  });

  it("refuses a user without Create on the form's module, on every import route", async () => {
    const readers = await addRole(t.app, 'Shipment Readers');
    await grantModule(t.app, readers, `Form${form.formId}`);
    await revokeNode(t.app, readers, `Form${form.formId}`, { type: 'route', name: `form-${form.formId}.create` });
    const reader = await userWith('reader', readers);
    const outsider = await userWith('outsider', await addRole(t.app, 'Nobody'));
    for (const who of [reader, outsider]) {
      const upload = await imports.upload(who, 'r.csv', file('Refused'));
      expect(upload.statusCode).toBe(403);
      expect((await imports.read(who, 1)).statusCode).toBe(403);
      expect((await imports.check(who, 1, [{ Column: 0, Field: 'Title' }])).statusCode).toBe(403);
      expect((await imports.start(who, 1, 'skip')).statusCode).toBe(403);
      expect((await imports.undo(who, 1)).statusCode).toBe(403);
    }
    expect(await t.app.db('import_jobs').where({ RequestedBy: 'reader' })).toHaveLength(0);
  });

  it('a hidden field and a read-only field are neither offered nor accepted in a mapping; the other fields import as the user, who owns the records', async () => {
    const clerks = await addRole(t.app, 'Shipment Clerks');
    await grantModule(t.app, clerks, `Form${form.formId}`);
    // Badge hidden (its node not granted), Quantity read-only.
    await revokeNode(t.app, clerks, `Form${form.formId}`, { type: 'field', name: 'Badge' });
    await t.app.db('role_permissions').where({ RoleId: clerks, NodeId: await nodeId(t.app, `Form${form.formId}`, { type: 'field', name: 'Quantity' }) }).update({ ReadOnly: true });
    const clerk = await userWith('clerk', clerks);
    const uploaded = await imports.upload(clerk, 'clerk.csv', file('By Clerk'));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const job = uploaded.json();
    expect(job.Fields.map((f: { Field: string }) => f.Field)).not.toContain('Badge');
    expect(job.Fields.map((f: { Field: string }) => f.Field)).not.toContain('Quantity');
    expect(job.Mapping).toEqual([{ Column: 0, Field: 'Title' }, ...header.slice(2, 7).map((Field, i) => ({ Column: i + 2, Field }))]);
    for (const field of ['Badge', 'Quantity']) {
      const refused = await imports.check(clerk, job.ImportJobId, [{ Column: 0, Field: 'Title' }, { Column: header.indexOf(field), Field: field }]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual([{ PropertyName: field, ErrorMessage: "You don't have permission to change this field.", ErrorCode: 'FieldAccess' }]);
    }
    expect((await imports.check(clerk, job.ImportJobId, job.Mapping)).statusCode).toBe(200);
    await imports.settled(clerk, job.ImportJobId);
    expect((await imports.start(clerk, job.ImportJobId, 'skip')).statusCode).toBe(200);
    expect(await imports.settled(clerk, job.ImportJobId)).toMatchObject({ State: 'Done', Imported: 1 });
    const row = await t.app.db(form.table).where({ Title: 'By Clerk' }).first();
    const clerkId = (await t.app.db('users').where({ UserName: 'clerk' }).first('UserId')).UserId;
    expect([row.Quantity, row.Udf?.[`f${form.fieldIds.Badge}`] ?? null, row.CreatedBy, row.CreatedById]).toEqual([null, null, 'clerk', clerkId]);
  });

  it("another form's import is not reachable through this form's path", async () => {
    const other = await shipmentForm(t.app, admin, 'Other Shipment');
    const job = (await importsOf(t.app, other.formId).upload(admin, 'o.csv', file('Other'))).json();
    expect((await imports.read(admin, job.ImportJobId)).statusCode).toBe(404);
    expect((await imports.undo(admin, job.ImportJobId)).statusCode).toBe(404);
  });
});
