import { matchPath } from 'react-router';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';

/** The route-table entry whose URL pattern matches the path, most specific first. */
export function entryForPath(routes: RouteEntry[], pathname: string): RouteEntry | undefined {
  return routes.find((r) => matchPath({ path: r.Url, end: true }, pathname));
}

/** A route URL with its :params filled, e.g. /user/update/:id with { id: 7 }; an optional one (:id?) left out is dropped. */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return pattern
    .replace(/\/:(\w+)\?$/, (_, name: string) => (params[name] === undefined ? '' : `/:${name}`))
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
