import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import type { MenuNode } from '../../server/modules/menus/tree.ts';
import { nodeAt } from './menu-fixtures.ts';
import { seededMenu } from '../../server/db/migrations/094_menu_items.data.ts';
import { transferMenuItem } from '../../server/db/migrations/095_transfer.ts';

/** The seeded menu (094) with the items later migrations add, as it was before migration 124 gathered it. */
const seededItems = seededMenu.map((s) => s.name);
seededItems.splice(seededItems.indexOf(transferMenuItem.after) + 1, 0, transferMenuItem.name);
// Migration 119 puts the Mail Outbox just after Concurrent Sessions.
seededItems.splice(seededItems.indexOf('Concurrent Sessions') + 1, 0, 'Mail Outbox');
// Migration 135 puts the Client Error Log just after the Mail Outbox.
seededItems.splice(seededItems.indexOf('Mail Outbox') + 1, 0, 'Client Error Log');
/** Migration 124: the administration screens in one group, last; My Account and the Forms group stay on the first tier. */
const administration = seededItems.filter((name) => !['My Account', 'Separator', 'Forms'].includes(name));
// Migration 129: the circles screens, last in the group.
administration.push('Circles');
// Migration 139: the home widgets' manager, last in the group.
administration.push('Home Widgets');
const firstTier = ['My Account', 'Separator', 'Forms', 'Reports', 'Administration'];


describe.each(databases)('the seeded menu of a fresh database on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const menuOf = async (who: SignedIn) => {
    const res = await injectAs(t.app, who, { method: 'GET', url: '/api/menu/all' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MenuNode[];
  };
  beforeAll(async () => { admin = await signIn(t.app); });

  it('has the seeded menu: My Account, the Forms group and the administration screens gathered in their group', async () => {
    const rows = await t.app.db('menu_item_list').whereNull('ParentMenuItemId').orderBy('SortOrder').select('Name', 'MenuItemTypeName', 'ModuleName', 'MenuItemId');
    expect(rows.map((r) => r.Name)).toEqual(firstTier);
    expect(rows.filter((r) => r.MenuItemTypeName === 'Separator')).toHaveLength(1);
    expect(rows.find((r) => r.Name === 'Forms')).toMatchObject({ MenuItemTypeName: 'Group' });
    expect(rows.at(-1)).toMatchObject({ Name: 'Administration', MenuItemTypeName: 'Group' });
    const under = await t.app.db('menu_item_list').where({ ParentMenuItemId: rows.at(-1)!.MenuItemId }).orderBy('SortOrder').select('Name', 'MenuItemTypeName', 'ModuleName');
    expect(under.map((r) => r.Name)).toEqual(administration);
    expect(under.find((r) => r.Name === 'Users')).toMatchObject({ MenuItemTypeName: 'Module Link', ModuleName: 'Users' });
  });

  it('builds the administrator\'s menu from those rows, each module link at its list route', async () => {
    const tree = await menuOf(admin);
    expect(tree.map((n) => n.LinkText)).toEqual(firstTier);
    expect(nodeAt(tree, 'Administration')!.Children.map((n) => n.LinkText)).toEqual(administration);
    expect(nodeAt(tree, 'Administration', 'Users')).toMatchObject({ URL: '/user', HasAccess: true, MenuItemType: { Id: 2, Name: 'Module Link' }, Children: [] });
    expect(nodeAt(tree, 'Administration', 'Concurrent Sessions')?.URL).toBe('/session/list');
    // Single-record screens such as My Account are entries; Your Account, which the profile menu opens, is not.
    expect(nodeAt(tree, 'My Account')?.URL).toBe('/user/myaccount');
    expect(nodeAt(tree, 'Reports')?.URL).toBe('/reportmodule/view');
    expect(JSON.stringify(tree)).not.toContain('"/youraccount"');
    expect(nodeAt(tree, 'Administration', 'Menu Items')?.URL).toBe('/menuItem');
    expect(tree.filter((n) => n.MenuItemType.Name === 'Separator').every((n) => n.HasAccess && n.URL === null)).toBe(true);
    expect(nodeAt(tree, 'Administration')?.HasAccess).toBe(true);
    // The list screens no item names (Form Records) are under the Forms group, so nothing reachable is missing.
    const forms = nodeAt(tree, 'Forms')!.Children;
    expect(forms.map((n) => [n.LinkText, n.URL, n.MenuItemId])).toContainEqual(['Form Records', '/form/view', null]);
    expect(forms.every((n) => n.MenuItemId === null && n.HasAccess)).toBe(true);
    const named = [...tree, ...nodeAt(tree, 'Administration')!.Children].flatMap((n) => (n.MenuItemId !== null && n.URL ? [n.URL] : []));
    expect(forms.filter((n) => named.includes(n.URL!))).toEqual([]);
  });
});
