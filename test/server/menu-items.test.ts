import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { nodeId, override } from './access-fixtures.ts';
import { menuMessages } from '../../server/modules/menus/placement.ts';
import { ensureModuleMenuItem } from '../../server/modules/menus/ensure-module-item.ts';
import type { MenuNode } from '../../server/modules/menus/tree.ts';
import { nodeAt } from './menu-fixtures.ts';


type Method = 'GET' | 'POST' | 'DELETE';
type Item = Record<string, unknown> & { MenuItemId: number };

/** A menu item's form body as the menu item form sends it (the selects send -1 for 'Please Select'). */
const body = (Name: string, more: Record<string, unknown> = {}) => ({
  Name, MenuItemTypeId: 3, Url: null, Target: null, ModuleId: -1, ParentMenuItemId: -1, SortOrder: 0, IsAlwaysVisible: false, IsActive: true, ...more,
});


describe.each(databases)('menu items on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let moduleIds: Record<string, number>;
  const as = (who: SignedIn, method: Method, url: string, payload?: object) => injectAs(t.app, who, { method, url, payload });
  const create = async (payload: object) => {
    const res = await as(admin, 'POST', '/api/menu-items', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Item;
  };
  /**
   * A write to a stored item as the update form makes it: read for update (taking the record's lock, when the
   * generic CRUD locks records), then sent with the lock and the version read.
   */
  const write = async (method: 'POST' | 'DELETE', id: number, payload?: object) => {
    const read = await as(admin, 'GET', `/api/menu-items/${id}?lock=true`);
    const headers: Record<string, string> = {};
    for (const name of ['recordlockid', 'recordversion']) if (typeof read.headers[name] === 'string') headers[name] = read.headers[name] as string;
    return injectAs(t.app, admin, { method, url: `/api/menu-items/${id}`, payload, headers });
  };
  const count = async () => Number((await t.app.db('menu_items').count('* as n').first())!.n);
  const menuOf = async (who: SignedIn) => {
    const res = await as(who, 'GET', '/api/menu/all');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MenuNode[];
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    const rows: Array<{ ModuleId: number; Name: string }> = await t.app.db('modules').select('ModuleId', 'Name');
    moduleIds = Object.fromEntries(rows.map((r) => [r.Name, r.ModuleId]));
  });

  describe('create, read, update and delete', () => {
    it("requires Name (at most 200), the type, Url and Target for a URL link and Module for a module link, on the server", async () => {
      // As the form sends it (empty fields left out), and as another client might (nulls).
      const empty = await as(admin, 'POST', '/api/menu-items', { Name: '', MenuItemTypeId: 2, SortOrder: 0 });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()[0]).toMatchObject({ PropertyName: 'Name', ErrorMessage: 'Name is required.' });
      const res = await as(admin, 'POST', '/api/menu-items', { Name: 'Link', MenuItemTypeId: 1, SortOrder: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json().map((e: { PropertyName: string }) => e.PropertyName)).toContain('Url');
      const nulls = await as(admin, 'POST', '/api/menu-items', body('Link', { MenuItemTypeId: 1 }));
      expect(nulls.statusCode).toBe(400);
      expect(nulls.json()).toEqual([
        expect.objectContaining({ PropertyName: 'Url', ErrorMessage: 'Url is required.' }),
        expect.objectContaining({ PropertyName: 'Target', ErrorMessage: 'Target is required.' }),
      ]);
      const long = await as(admin, 'POST', '/api/menu-items', body('x'.repeat(201)));
      expect(long.statusCode).toBe(400);
      expect(long.json()[0].PropertyName).toBe('Name');
      const noModule = await as(admin, 'POST', '/api/menu-items', body('Module link', { MenuItemTypeId: 2 }));
      expect(noModule.statusCode).toBe(400);
      expect(noModule.json().map((e: { PropertyName: string }) => e.PropertyName)).toEqual(['ModuleId']);
      const noType = await as(admin, 'POST', '/api/menu-items', body('No type', { MenuItemTypeId: -1 }));
      expect(noType.statusCode).toBe(400);
      expect(noType.json()[0].PropertyName).toBe('MenuItemTypeId');
      const before = await count();
      expect((await as(admin, 'POST', '/api/menu-items', body('Target', { MenuItemTypeId: 1, Url: 'https://example.org', Target: '_window' }))).statusCode).toBe(400);
      expect((await as(admin, 'POST', '/api/menu-items', body('Long url', { MenuItemTypeId: 1, Url: `https://example.org/${'a'.repeat(2000)}`, Target: '_blank' }))).statusCode).toBe(400);
      expect((await as(admin, 'POST', '/api/menu-items', body('Script', { MenuItemTypeId: 1, Url: 'javascript:alert(1)', Target: '_blank' }))).statusCode).toBe(400);
      expect((await as(admin, 'POST', '/api/menu-items', body('Sort', { SortOrder: 1.5 }))).statusCode).toBe(400);
      expect(await count()).toBe(before);
    });

    it('creates, reads, lists and updates an item; its type and module cannot be changed', async () => {
      const link = await create(body('Roles link', { MenuItemTypeId: 2, ModuleId: moduleIds.Role, SortOrder: 5, Url: 'https://example.org/kept-out' }));
      expect(link).toMatchObject({ Name: 'Roles link', MenuItemTypeId: 2, MenuItemTypeName: 'Module Link', ModuleId: moduleIds.Role, ModuleName: 'Roles', Url: null, CreatedBy: 'admin' });
      const read = await as(admin, 'GET', `/api/menu-items/${link.MenuItemId}`);
      expect(read.json()).toMatchObject({ Name: 'Roles link', SortOrder: 5 });
      const listed = await as(admin, 'GET', '/api/menu-items?q=Roles%20link');
      expect(listed.json().Items).toEqual([expect.objectContaining({ MenuItemId: link.MenuItemId, MenuItemTypeName: 'Module Link', ParentMenuItemName: null })]);

      const renamed = await write('POST', link.MenuItemId, { ...body('Roles again', { MenuItemTypeId: 2, ModuleId: moduleIds.Role }) });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().Name).toBe('Roles again');

      const retyped = await write('POST', link.MenuItemId, body('Roles again', { MenuItemTypeId: 3 }));
      expect(retyped.statusCode).toBe(400);
      expect(retyped.json()).toEqual([expect.objectContaining({ PropertyName: 'MenuItemTypeId', ErrorMessage: menuMessages.typeChanged })]);
      const remoduled = await write('POST', link.MenuItemId, body('Roles again', { MenuItemTypeId: 2, ModuleId: moduleIds.RegisterUser }));
      expect(remoduled.statusCode).toBe(400);
      expect(remoduled.json()).toEqual([expect.objectContaining({ PropertyName: 'ModuleId', ErrorMessage: menuMessages.moduleChanged })]);
      expect(await t.app.db('menu_items').where({ MenuItemId: link.MenuItemId }).first('MenuItemTypeId', 'ModuleId')).toEqual({ MenuItemTypeId: 2, ModuleId: moduleIds.Role });
    });

    it("answers 'No id was provided.' without an id, and refuses deleting an item that holds others", async () => {
      expect((await as(admin, 'GET', '/api/menu-items/0')).json()[0].ErrorMessage).toBe('No id was provided.');
      const group = await create(body('Holder'));
      const child = await create(body('Held', { ParentMenuItemId: group.MenuItemId }));
      const refused = await write('DELETE', group.MenuItemId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()[0].ErrorMessage).toBe(menuMessages.hasChildren);
      expect((await write('DELETE', child.MenuItemId)).statusCode).toBe(204);
      expect((await write('DELETE', group.MenuItemId)).statusCode).toBe(204);
      expect(await t.app.db('menu_items').whereIn('MenuItemId', [group.MenuItemId, child.MenuItemId]).first()).toBeUndefined();
    });

    it('refuses a user without module MenuItem', async () => {
      const RoleId = await addRole(t.app, 'Menu-less');
      await grantModule(t.app, RoleId, 'RegisterUser');
      await addUser(t.app, { UserName: 'menuless', Password: 'Passw0rd1', RoleIds: [RoleId] });
      const user = await signIn(t.app, 'menuless', 'Passw0rd1');
      expect((await as(user, 'GET', '/api/menu-items')).statusCode).toBe(403);
      expect((await as(user, 'POST', '/api/menu-items', body('Nope'))).statusCode).toBe(403);
    });
  });

  describe('the parent chain', () => {
    it('refuses a sixth tier, and a move that would put an item beneath its own child, writing nothing', async () => {
      let parent = -1;
      const chain: Item[] = [];
      for (const tier of [1, 2, 3, 4, 5]) {
        const item = await create(body(`Tier ${tier}`, { ParentMenuItemId: parent }));
        chain.push(item);
        parent = item.MenuItemId;
      }
      const before = await count();
      const sixth = await as(admin, 'POST', '/api/menu-items', body('Tier 6', { ParentMenuItemId: parent }));
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json()).toEqual([expect.objectContaining({ PropertyName: 'ParentMenuItemId', ErrorMessage: menuMessages.tiers(6) })]);
      expect(await count()).toBe(before);

      // Tier 1 under tier 3: tier 3's parents lead back to tier 1.
      const loop = await write('POST', chain[0].MenuItemId, body('Tier 1', { ParentMenuItemId: chain[2].MenuItemId }));
      expect(loop.statusCode).toBe(400);
      expect(loop.json()[0].ErrorMessage).toBe(menuMessages.loop);
      const self = await write('POST', chain[1].MenuItemId, body('Tier 2', { ParentMenuItemId: chain[1].MenuItemId }));
      expect(self.statusCode).toBe(400);
      expect(self.json()[0].ErrorMessage).toBe(menuMessages.loop);
      expect(await t.app.db('menu_items').where({ MenuItemId: chain[0].MenuItemId }).first('ParentMenuItemId', 'Name')).toEqual({ ParentMenuItemId: null, Name: 'Tier 1' });

      // A subtree of two tiers moved under a tier-4 item would reach tier 6.
      const other = await create(body('Other top'));
      const below = await create(body('Other below', { ParentMenuItemId: other.MenuItemId }));
      const deep = await write('POST', other.MenuItemId, body('Other top', { ParentMenuItemId: chain[3].MenuItemId }));
      expect(deep.json()[0].ErrorMessage).toBe(menuMessages.tiers(6));
      // Under tier 3 it fits exactly (tiers 4 and 5).
      const fits = await write('POST', other.MenuItemId, body('Other top', { ParentMenuItemId: chain[2].MenuItemId }));
      expect(fits.statusCode, fits.body).toBe(200);
      expect(fits.json().ParentMenuItemName).toBe('Tier 3');
      expect(below.ParentMenuItemId).toBe(other.MenuItemId);
    });

    it('never offers the item itself nor an item beneath it as its parent, and still refuses one sent (a loop)', async () => {
      const top = await create(body('Offer top'));
      const child = await create(body('Offer child', { ParentMenuItemId: top.MenuItemId }));
      const grandchild = await create(body('Offer grandchild', { ParentMenuItemId: child.MenuItemId }));
      const sibling = await create(body('Offer sibling'));
      const offered = async (query: string) => ((await as(admin, 'GET', `/api/lookups/menu-parents${query}`)).json() as Array<{ Id: number; Name: string }>).map((o) => o.Id);
      // A new item (and the create form, which has no id) may go under any of them.
      expect(await offered('')).toEqual(expect.arrayContaining([top.MenuItemId, child.MenuItemId, grandchild.MenuItemId, sibling.MenuItemId]));
      const forTop = await offered(`?currentMenuItemId=${top.MenuItemId}`);
      expect(forTop).toContain(sibling.MenuItemId);
      expect(forTop).not.toContain(top.MenuItemId);
      expect(forTop).not.toContain(child.MenuItemId);
      expect(forTop).not.toContain(grandchild.MenuItemId);
      const forChild = await offered(`?currentMenuItemId=${child.MenuItemId}`);
      expect(forChild).toEqual(expect.arrayContaining([top.MenuItemId, sibling.MenuItemId]));
      expect(forChild).not.toContain(grandchild.MenuItemId);
      // The name of a chosen parent is still resolved by id.
      expect(await offered(`?currentMenuItemId=${top.MenuItemId}&ids=${child.MenuItemId}`)).toEqual([child.MenuItemId]);
      // Sent anyway, the descendant is refused with the loop's message, and nothing changes.
      const looped = await write('POST', top.MenuItemId, body('Offer top', { ParentMenuItemId: grandchild.MenuItemId }));
      expect(looped.statusCode).toBe(400);
      expect(looped.json()).toEqual([expect.objectContaining({ PropertyName: 'ParentMenuItemId', ErrorMessage: menuMessages.loop })]);
      expect(await t.app.db('menu_items').where({ MenuItemId: top.MenuItemId }).first('ParentMenuItemId')).toEqual({ ParentMenuItemId: null });
    });

    it('refuses a separator as a parent', async () => {
      const separator = await create(body('Line', { MenuItemTypeId: 4 }));
      const res = await as(admin, 'POST', '/api/menu-items', body('Under a line', { ParentMenuItemId: separator.MenuItemId }));
      expect(res.json()[0].ErrorMessage).toBe(menuMessages.separatorParent);
    });
  });

  describe('menu-all', () => {
    let clerk: SignedIn;
    let staffRole: number;

    beforeAll(async () => {
      const top = await create(body('Business', { SortOrder: 1000 }));
      const operations = await create(body('Operations', { ParentMenuItemId: top.MenuItemId }));
      await create(body('Daily users', { MenuItemTypeId: 2, ModuleId: moduleIds.RegisterUser, ParentMenuItemId: operations.MenuItemId, SortOrder: 1 }));
      await create(body('Daily roles', { MenuItemTypeId: 2, ModuleId: moduleIds.Role, ParentMenuItemId: operations.MenuItemId, SortOrder: 2 }));
      await create(body('Always roles', { MenuItemTypeId: 2, ModuleId: moduleIds.Role, ParentMenuItemId: operations.MenuItemId, SortOrder: 3, IsAlwaysVisible: true }));
      await create(body('Handbook', { MenuItemTypeId: 1, Url: 'https://example.org/handbook', Target: '_blank', ParentMenuItemId: top.MenuItemId, SortOrder: 5 }));
      await create(body('Hidden', { ParentMenuItemId: top.MenuItemId, IsActive: false, SortOrder: 6 }));
      staffRole = await addRole(t.app, 'Menu staff');
      await grantModule(t.app, staffRole, 'RegisterUser');
      const userId = await addUser(t.app, { UserName: 'menuclerk', Password: 'Passw0rd1', RoleIds: [staffRole] });
      // An override takes My Account away, as the evaluator of every route would.
      await override(t.app, userId, await nodeId(t.app, 'MyAccount'), false);
      clerk = await signIn(t.app, 'menuclerk', 'Passw0rd1');
    });

    it('answers the tree with HasAccess from the same evaluator as the routes: a module the user lacks is no access', async () => {
      const tree = await menuOf(clerk);
      expect(nodeAt(tree, 'Administration', 'Users')).toMatchObject({ HasAccess: true, URL: '/user' });
      expect(nodeAt(tree, 'Administration', 'Roles')).toMatchObject({ HasAccess: false, URL: '/role' });
      // Usable for the one screen it holds that the user may open.
      expect(nodeAt(tree, 'Administration')?.HasAccess).toBe(true);
      expect(nodeAt(tree, 'My Account')?.HasAccess).toBe(false);
      expect(nodeAt(tree, 'Business', 'Operations', 'Daily users')).toMatchObject({ HasAccess: true, URL: '/user' });
      expect(nodeAt(tree, 'Business', 'Operations', 'Daily roles')).toMatchObject({ HasAccess: false, IsAlwaysVisible: false });
      expect(nodeAt(tree, 'Business', 'Operations', 'Always roles')).toMatchObject({ HasAccess: false, IsAlwaysVisible: true });
      expect(nodeAt(tree, 'Business', 'Operations')?.HasAccess).toBe(true);
      expect(nodeAt(tree, 'Business', 'Handbook')).toMatchObject({ HasAccess: true, URL: 'https://example.org/handbook', Target: '_blank', MenuItemType: { Id: 1, Name: 'URL Link' } });
      // Inactive items are left out; a group with nothing usable under it is no access.
      expect(nodeAt(tree, 'Business', 'Hidden')).toBeUndefined();
      expect(nodeAt(tree, 'Forms')).toMatchObject({ HasAccess: false, Children: [] });
      // The administrator sees the same rows, all usable.
      expect(nodeAt(await menuOf(admin), 'Business', 'Operations', 'Daily roles')?.HasAccess).toBe(true);
    });

    it("follows a change of the user's access on the next call", async () => {
      await grantModule(t.app, staffRole, 'Role');
      expect(nodeAt(await menuOf(clerk), 'Business', 'Operations', 'Daily roles')?.HasAccess).toBe(true);
      await t.app.db('role_permissions').where({ RoleId: staffRole, NodeId: await nodeId(t.app, 'Role') }).delete();
      expect(nodeAt(await menuOf(clerk), 'Business', 'Operations', 'Daily roles')?.HasAccess).toBe(false);
    });

    it('lists a module no item names under the Forms group, until ensureModuleMenuItem adds its item (once)', async () => {
      await t.app.db('menu_items').where({ ModuleId: moduleIds.LookupTableManager }).delete();
      const before = await menuOf(admin);
      expect(nodeAt(before, 'Forms', 'Lookup Tables')).toMatchObject({ MenuItemId: null, URL: '/lookupTableManager', HasAccess: true });
      const ids = await t.app.db.transaction(async (trx) => [
        await ensureModuleMenuItem(trx, { module: 'LookupTableManager', name: 'Lookup Tables' }),
        await ensureModuleMenuItem(trx, { module: 'LookupTableManager', name: 'Lookup Tables again' }),
      ]);
      expect(ids[0]).toBeGreaterThan(0);
      expect(ids[1]).toBe(ids[0]);
      const after = nodeAt(await menuOf(admin), 'Forms', 'Lookup Tables');
      expect(after).toMatchObject({ MenuItemId: ids[0], URL: '/lookupTableManager' });
      expect(await t.app.db.transaction((trx) => ensureModuleMenuItem(trx, { module: 'NoSuchModule', name: 'x' }))).toBeNull();
      // Under a named group, made on the first tier when missing.
      await t.app.db('menu_items').where({ ModuleId: moduleIds.SimpleLookup }).delete();
      await t.app.db.transaction((trx) => ensureModuleMenuItem(trx, { module: 'SimpleLookup', name: 'Lists', parentName: 'Reference Data' }));
      expect(nodeAt(await menuOf(admin), 'Reference Data', 'Lists')?.URL).toBe('/simpleLookup');
    });

    it('is empty for a user who must change the password', async () => {
      await addUser(t.app, { UserName: 'menulocked', Password: 'Passw0rd1', MustChangePassword: true });
      const locked = await signIn(t.app, 'menulocked', 'Passw0rd1');
      expect(await menuOf(locked)).toEqual([]);
    });
  });
});
