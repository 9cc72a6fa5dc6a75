import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import type { MetadataRegistry } from '../../metadata/registry.ts';

/** Routes of the shell itself, open to every signed-in user. */
const shellRoutes: RouteEntry[] = [
  { Name: 'home', Url: '/home', Title: 'Home', Description: 'Your start page.' },
  // Spec 3 "Concurrent sessions": no module check on the route; its calls need module SessionManagement.
  { Name: 'session.list', Url: '/session/list', Title: 'Manage Concurrent User Sessions', Description: 'Roles with a concurrent-user limit and who is signed in under them.' },
];

const routeTitles = { list: '', create: 'Create ', read: 'View ', update: 'Update ', delete: 'Delete ' } as const;

/** The named routes a user may mount: the shell's, and each screen route whose module the user holds. */
export function routeTableFor(registry: MetadataRegistry, modules: Set<string>): RouteEntry[] {
  const routes = [...shellRoutes];
  for (const screen of registry.screens.values()) {
    if (screen.module !== null && !modules.has(screen.module)) continue;
    for (const [kind, url] of Object.entries(screen.routes) as Array<[keyof typeof routeTitles, string]>) {
      routes.push({
        Name: `${screen.id}.${kind}`,
        Url: url,
        Title: kind === 'list' ? screen.title : `${routeTitles[kind]}${screen.title.replace(/s$/, '')}`,
        Description: screen.description ?? '',
        ScreenId: screen.id,
      });
    }
  }
  return routes;
}
