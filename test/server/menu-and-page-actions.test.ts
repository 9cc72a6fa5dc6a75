import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addUser } from './account-fixtures.ts';
import type { MenuNode } from '../../server/modules/menus/tree.ts';

type Method = 'GET' | 'POST' | 'DELETE';
const list = 1;
const create = 2;

const find = (nodes: MenuNode[], text: string): MenuNode | undefined =>
  nodes.reduce<MenuNode | undefined>((hit, n) => hit ?? (n.LinkText === text ? n : find(n.Children, text)), undefined);

/** Spec 2: a menu item's and a page's Action, chosen from the action lookups, decide what a module link opens. */
describe.each(databases)('menu item and page actions on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let clerk: SignedIn;
  let reader: SignedIn;
  let pageId: number;
  let itemId: number;
  const as = (who: SignedIn, method: Method, url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  const menuOf = async (who: SignedIn) => (await as(who, 'GET', '/api/menu/all')).json() as MenuNode[];
  const update = async (url: string, change: object) => {
    const read = (await as(admin, 'GET', url)).json();
    return as(admin, 'POST', url, { ...read, ...change });
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    const base = { Fields: [{ Label: 'Title', FieldType: 'text', Required: true }], MenuItem: true };
    const built = await as(admin, 'POST', '/api/forms/build', { ...base, Name: 'Visit', Page: { Name: 'Visits' }, Role: { Name: 'Visit Clerk', Create: true, Update: true, Delete: false } });
    expect(built.statusCode, built.body).toBe(201);
    pageId = built.json().PageId;
    const readers = await as(admin, 'POST', '/api/forms/build', { ...base, Name: 'Visit Copy', Page: { Name: 'Visit Copies' }, MenuItem: false, Role: { Name: 'Visit Reader', Create: false, Update: false, Delete: false } });
    expect(readers.statusCode, readers.body).toBe(201);
    const roles = Object.fromEntries((await t.app.db('roles').select('Name', 'RoleId')).map((r) => [r.Name, r.RoleId]));
    // The reader role reads the Visits page without its create screen.
    const pageModule = await t.app.db('permission_nodes').where({ Type: 'module', Name: `Page${pageId}` }).first('NodeId');
    await t.app.db('role_permissions').insert({ RoleId: roles['Visit Reader'], NodeId: pageModule.NodeId, HasAccess: true, ViewAllRecords: false });
    const readNodes = await t.app.db('permission_nodes').where({ ParentNodeId: pageModule.NodeId, Type: 'route' }).whereNot('Name', `page-${pageId}.create`).select('NodeId');
    await t.app.db('role_permissions').insert(readNodes.map((n) => ({ RoleId: roles['Visit Reader'], NodeId: n.NodeId, HasAccess: true, ViewAllRecords: false })));
    await addUser(t.app, { UserName: 'clerk', Password: 'Passw0rd1', RoleIds: [roles['Visit Clerk']] });
    await addUser(t.app, { UserName: 'reader', Password: 'Passw0rd1', RoleIds: [roles['Visit Reader']] });
    clerk = await signIn(t.app, 'clerk', 'Passw0rd1');
    reader = await signIn(t.app, 'reader', 'Passw0rd1');
    itemId = (await t.app.db('menu_items').where({ Name: 'Visits' }).first('MenuItemId')).MenuItemId;
  });

  it('offers the actions as a lookup, List then Create', async () => {
    const res = await as(clerk, 'GET', '/api/lookups/entry-actions');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { Id: number; Name: string }) => [o.Id, o.Name])).toEqual([[list, 'List'], [create, 'Create']]);
  });

  it("opens the list by default, and the create screen when the page's or the item's action is Create", async () => {
    expect(find(await menuOf(clerk), 'Visits')).toMatchObject({ URL: '/visits', HasAccess: true });
    expect((await update(`/api/pages/${pageId}`, { Action: create })).statusCode).toBe(200);
    expect(find(await menuOf(clerk), 'Visits')).toMatchObject({ URL: '/visits/create', HasAccess: true });
    expect((await as(admin, 'GET', `/api/pages/${pageId}`)).json()).toMatchObject({ Action: create, ActionName: 'Create' });
    // The item's own action wins over the page's.
    expect((await update(`/api/menu-items/${itemId}`, { Action: list })).statusCode).toBe(200);
    expect(find(await menuOf(clerk), 'Visits')).toMatchObject({ URL: '/visits' });
    expect((await update(`/api/menu-items/${itemId}`, { Action: create })).statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/menu-items/${itemId}`)).json()).toMatchObject({ Action: create, ActionName: 'Create' });
  });

  it('greys a Create link for a user without the create screen, by the same route check', async () => {
    expect(find(await menuOf(reader), 'Visits')).toMatchObject({ URL: '/visits/create', HasAccess: false });
    expect(find(await menuOf(clerk), 'Visits')).toMatchObject({ URL: '/visits/create', HasAccess: true });
  });

  it('refuses an action that does not exist, on the field, changing nothing', async () => {
    for (const url of [`/api/menu-items/${itemId}`, `/api/pages/${pageId}`]) {
      const before = (await as(admin, 'GET', url)).json();
      const res = await update(url, { Action: 99 });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual([expect.objectContaining({ PropertyName: 'Action', ErrorMessage: 'The chosen action does not exist. Choose an action from the list.' })]);
      expect((await as(admin, 'GET', url)).json().Action).toBe(before.Action);
    }
  });

  it("clears an action where the item's type has no module", async () => {
    const group = await as(admin, 'POST', '/api/menu-items', { Name: 'Odd Group', MenuItemTypeId: 3, Url: null, Target: null, ModuleId: -1, Action: create, ParentMenuItemId: -1, SortOrder: 0, IsAlwaysVisible: false, IsActive: true });
    expect(group.statusCode, group.body).toBe(201);
    expect(group.json().Action).toBeNull();
  });

  it('carries the actions by name through an application transfer, and refuses a name that is no action', async () => {
    const { FormId } = await t.app.db('pages').where({ PageId: pageId }).first('FormId');
    const exported = await as(admin, 'POST', '/api/transfer/export', { FormIds: [FormId] });
    expect(exported.statusCode, exported.body).toBe(200);
    const doc = exported.json();
    expect(doc.pages[0].action).toBe('Create');
    expect(doc.menuItems.find((m: { path: string[] }) => m.path.at(-1) === 'Visits').action).toBe('Create');
    // The same document says List for the page: the import plans that change, by name.
    doc.pages[0].action = 'List';
    const preview = await as(admin, 'POST', '/api/transfer/preview', { Document: doc });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().Plan).toContainEqual(expect.objectContaining({ Kind: 'Page', Key: '/visits', Action: 'change', Changes: ['Action'] }));
    doc.pages[0].action = 'Launch';
    const refused = await as(admin, 'POST', '/api/transfer/preview', { Document: doc });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[0].ErrorMessage).toBe("The page /visits names the action 'Launch', which is not one of List, Create.");
  });
});
