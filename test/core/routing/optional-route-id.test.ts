import { describe, expect, it } from 'vitest';
import { matchPath as serverMatch } from '../../../server/modules/menus/match-path.ts';
import { entryForPath, fillPath } from '../../../ui/routing/route-paths.ts';
import menuItems from '../../../metadata/screens/menuitems.json' with { type: 'json' };
import pages from '../../../metadata/screens/pages.json' with { type: 'json' };

/** Spec 2: /menuItem/create (optional /{id} to copy) and /page/create/{id} ("0 or none means blank"). */
describe('a create route whose id is optional', () => {
  it('is how the menu item and page screens name their create routes', () => {
    expect(menuItems.routes.create).toBe('/menuItem/create/:id?');
    expect(pages.routes.create).toBe('/page/create/:id?');
  });

  it('is named with or without the id by the server (menu links, RouteAccess) and the browser alike', () => {
    const routes = [{ Name: 'pages.create', Url: '/page/create/:id?' }, { Name: 'pages.update', Url: '/page/update/:id' }];
    for (const path of ['/page/create', '/page/create/', '/page/create/0', '/page/create/12']) {
      expect(serverMatch('/page/create/:id?', path), path).toBe(true);
      expect(entryForPath(routes, path)?.Name, path).toBe('pages.create');
    }
    // A required id stays required; other paths are not the route.
    for (const path of ['/page/update', '/page/update/', '/page/create/1/2', '/pages/create']) {
      expect(serverMatch('/page/update/:id', path) && path.startsWith('/page/update'), path).toBe(false);
      expect(serverMatch('/page/create/:id?', path), path).toBe(false);
    }
    expect(entryForPath(routes, '/page/update')).toBeUndefined();
  });

  it('is filled with the id given, and left out without one', () => {
    expect(fillPath('/page/create/:id?', { id: 0 })).toBe('/page/create/0');
    expect(fillPath('/menuItem/create/:id?', { id: 12 })).toBe('/menuItem/create/12');
    expect(fillPath('/menuItem/create/:id?', {})).toBe('/menuItem/create');
    expect(fillPath('/user/update/:id', { id: 7 })).toBe('/user/update/7');
  });
});
