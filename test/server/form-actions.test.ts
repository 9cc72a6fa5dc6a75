import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addUser } from './account-fixtures.ts';

type Action = { ActionId: number; ActionName: string; ButtonText: string; Url: string | null; IsBuiltIn: boolean; IsActive: boolean; ParentActionId: number | null };

/**
 * A built form's actions (issue 30): the four it is made with, custom URL actions added in Form Management, each
 * granted with its parent where it has one (by the parent's route, so roles and circles give both at once).
 */
describe.each(databases)("a built form's row actions on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  let pageId: number;
  const as = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  const actions = async () => (await as(admin, 'GET', `/api/forms/${formId}/actions`)).json() as Action[];
  const byName = async (name: string) => (await actions()).find((a) => a.ActionName === name)!;

  beforeAll(async () => {
    admin = await signIn(t.app);
    const built = await as(admin, 'POST', '/api/forms/build', {
      Name: 'Incident Report', Fields: [{ Label: 'Title', FieldType: 'text' }], Page: { Name: 'Incidents' }, MenuItem: false,
      Role: { Name: 'Clerk', Create: true, Update: true, Delete: false },
    });
    expect(built.statusCode, built.body).toBe(201);
    ({ FormId: formId, PageId: pageId } = built.json());
  });

  it('lists the four built-in actions, each standing for a screen of the form', async () => {
    expect((await actions()).map((a) => [a.ActionName, a.IsBuiltIn, a.Url])).toEqual([['Edit', true, null], ['Delete', true, null], ['Copy', true, null], ['Print', true, null]]);
  });

  it('refuses a custom action without text, with a URL that is no page or web address, or a parent of another form, writing nothing', async () => {
    const edit = await byName('Edit');
    const other = (await as(admin, 'POST', '/api/forms/build', { Name: 'Other', Fields: [{ Label: 'Title', FieldType: 'text' }] })).json().FormId;
    const foreign = (await t.app.db('page_actions').where({ FormId: other, ActionName: 'Edit' }).first('ActionId')).ActionId;
    const refused = async (payload: object) => (await as(admin, 'POST', `/api/forms/${formId}/actions`, payload)).json().map((e: { PropertyName: string; ErrorMessage: string }) => [e.PropertyName, e.ErrorMessage]);
    expect(await refused({ ButtonText: ' ', Url: 'javascript:alert(1)' })).toEqual([
      ['ButtonText', 'Button Text is required.'],
      ['Url', 'The URL must start with / (a page of this application) or with http:// or https://.'],
    ]);
    expect(await refused({ ButtonText: 'Review', Url: '//evil.example' })).toEqual([['Url', 'The URL must start with / (a page of this application) or with http:// or https://.']]);
    expect(await refused({ ButtonText: 'Review', Url: '/review', ParentActionId: foreign })).toEqual([['ParentActionId', "The parent action must be another of this form's actions, itself without a parent."]]);
    expect((await actions()).map((a) => a.ActionId)).toContain(edit.ActionId);
    expect(await actions()).toHaveLength(4);
  });

  it("grants a custom action with its parent: a clerk who may update gets it, one who may only read does not", async () => {
    const edit = await byName('Edit');
    const added = await as(admin, 'POST', `/api/forms/${formId}/actions`, { ButtonText: 'Send to Supplier', Url: '/supplier', ParentActionId: edit.ActionId });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ ActionName: 'SendToSupplier', RouteKind: 'update', Scope: 'row', IsBuiltIn: false });
    const clerkRole = (await t.app.db('roles').where({ Name: 'Clerk' }).first('RoleId')).RoleId;
    await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [clerkRole] });
    const clerk = await signIn(t.app, 'clerk', 'Clerk12345');
    await as(clerk, 'POST', `/api/pages/${pageId}/records`, { Title: 'Leak' });
    const granted = async () => {
      const entry = (await as(clerk, 'GET', `/api/pages/${pageId}/records`)).json().CircleAccess[0];
      const ids = new Set(String(entry?.Value ?? '').split(',').map(Number));
      return (await actions()).filter((a) => ids.has(a.ActionId)).map((a) => a.ActionName).sort();
    };
    expect(await granted()).toEqual(['Copy', 'Edit', 'Print', 'SendToSupplier']);
    // Without the update route, neither Edit nor the action granted with it.
    const node = await t.app.db('permission_nodes').where({ Type: 'route', Name: `page-${pageId}.update` }).first('NodeId');
    await t.app.db('role_permissions').where({ RoleId: clerkRole, NodeId: node.NodeId }).delete();
    expect(await granted()).toEqual(['Copy', 'Print']);
  });

  it('hides a built-in action instead of removing it, and removes a custom one', async () => {
    const print = await byName('Print');
    const removeBuiltIn = await as(admin, 'DELETE', `/api/forms/${formId}/actions/${print.ActionId}`);
    expect(removeBuiltIn.statusCode).toBe(409);
    const hidden = await as(admin, 'POST', `/api/forms/${formId}/actions/${print.ActionId}`, { ButtonText: 'Print', IsActive: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const shown = (await as(admin, 'GET', `/api/page-actions?accessPageId=${(await t.app.db('forms').where({ FormId: formId }).first('AccessPageId')).AccessPageId}`)).json();
    expect(shown.DataRowActions.map((a: { ActionName: string }) => a.ActionName)).toEqual(['Edit', 'Delete', 'Copy', 'SendToSupplier']);
    const custom = await byName('SendToSupplier');
    expect((await as(admin, 'DELETE', `/api/forms/${formId}/actions/${custom.ActionId}`)).statusCode).toBe(204);
    expect((await actions()).map((a) => a.ActionName)).toEqual(['Edit', 'Delete', 'Copy', 'Print']);
    const history = await t.app.db('audit_entries').where({ Entity: 'forms', RecordId: formId }).orderBy('AuditId').select('Changes');
    expect(history.map((h: { Changes: unknown }) => JSON.stringify(h.Changes))).toEqual(expect.arrayContaining([expect.stringContaining('Send to Supplier (/supplier)')]));
  });
});
