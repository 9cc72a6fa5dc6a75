import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { menuUrlMessage } from '../../engine/core/menu.ts';
import { appPaths, offSiteUrls, webAddresses } from '../core/menu/off-site-urls.ts';

/** A URL link's form body as the menu item form sends it (the selects send -1 for 'Please Select'). */
const urlLink = (Name: string, Url: string) => ({
  Name, MenuItemTypeId: 1, Url, Target: '_self', ModuleId: -1, ParentMenuItemId: -1, SortOrder: 0, IsAlwaysVisible: false, IsActive: true,
});

/**
 * Issue 28.5: a URL menu item '/\evil.example' was accepted (201), and Chromium opens it as http://evil.example/ in the
 * same tab without the external-link confirmation. The server keeps a URL link's address only when it is a web
 * address or a path the browser resolves on this origin (engine/core/menu.ts, the function the menu decides with).
 */
describe.each(databases)('a menu URL link never passes another site off as a page, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const post = (url: string, payload: object) => injectAs(t.app, admin, { method: 'POST', url, payload });

  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('refuses, on create, every address the browser would take off-site while looking like a page, naming Url', async () => {
    for (const [index, url] of offSiteUrls.entries()) {
      const res = await post('/api/menu-items', urlLink(`Tricky ${index}`, url));
      expect(res.statusCode, `${JSON.stringify(url)}: ${res.body}`).toBe(400);
      expect(res.json(), JSON.stringify(url)).toEqual([expect.objectContaining({ PropertyName: 'Url' })]);
    }
    expect(await t.app.db('menu_items').where('Name', 'like', 'Tricky %').first()).toBeUndefined();
  });

  it('refuses them on update too, keeping the stored address', async () => {
    const created = await post('/api/menu-items', urlLink('Handbook', '/user'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().MenuItemId as number;
    for (const url of ['/\\evil.example', '/\t/evil.example', '/\u0001x']) {
      const res = await injectLocked(t.app, admin, { method: 'POST', url: `/api/menu-items/${id}`, payload: urlLink('Handbook', url) });
      expect(res.statusCode, `${JSON.stringify(url)}: ${res.body}`).toBe(400);
      expect(res.json()[0]).toMatchObject({ PropertyName: 'Url' });
    }
    expect((await t.app.db('menu_items').where({ MenuItemId: id }).first('Url')).Url).toBe('/user');
  });

  it('a control character the pattern lets by is refused with the message that says what an address may be', async () => {
    const res = await post('/api/menu-items', urlLink('Control', '/a\u0001b'));
    expect(res.json()).toEqual([{ PropertyName: 'Url', ErrorMessage: menuUrlMessage, ErrorCode: 'InvalidUrl' }]);
  });

  it("keeps pages of this application and web addresses", async () => {
    for (const [index, url] of [...appPaths, ...webAddresses].entries()) {
      const res = await post('/api/menu-items', urlLink(`Fine ${index}`, url));
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      expect(res.json().Url).toBe(url);
    }
  });
});
