import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';

/** Spec 1 "Profile menu": Your Account, once the route table offers it. */
export const yourAccountPath = '/youraccount';

/** The pilot update route's pattern: /pilot/update/{PilotId}, whatever its parameter is called. */
const pilotUpdatePattern = /^\/pilot\/update\/:\w+$/;

/** Paths the profile menu opens, which the side navigation need not list again. */
export function isProfileMenuPath(url: string): boolean {
  return url === yourAccountPath || pilotUpdatePattern.test(url);
}

/**
 * Where 'Pilot Information' goes (/pilot/update/{PilotId}), or null when the entry is not shown: only for pilot
 * users (a PilotId), and only when the route table offers the pilot update route to this user.
 */
export function pilotInformationPath(user: { PilotId?: number | null } | null, routes: readonly RouteEntry[]): string | null {
  const pilotId = user?.PilotId;
  if (typeof pilotId !== 'number' || !(pilotId > 0)) return null;
  const entry = routes.find((r) => pilotUpdatePattern.test(r.Url));
  return entry ? entry.Url.replace(/:\w+$/, String(pilotId)) : null;
}
