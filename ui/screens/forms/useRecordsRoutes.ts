import { useEffect, useRef } from 'react';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import { loadRoutes } from '../../api/session-calls.ts';
import { useSession } from '../../stores/session.ts';
import { recordsListUrl } from './field-routes.ts';

/**
 * The route table, read again (once per mount) when a form shown lacks its records route: a form made
 * in this session, or just given its first fields, has a route the table read at sign-in does not.
 * Entries keep their names, so the screens already mounted stay as they are.
 */
export function useRecordsRoutes(formIds: readonly number[]): RouteEntry[] {
  const routes = useSession((s) => s.routes);
  const refreshed = useRef(false);
  const missing = Boolean(routes) && formIds.some((id) => id > 0 && !recordsListUrl(routes!, id));
  useEffect(() => {
    if (!missing || refreshed.current) return;
    refreshed.current = true;
    loadRoutes().catch(() => {}); // without it the records links are simply not offered
  }, [missing]);
  return routes ?? [];
}

/**
 * After a change to a form's definition: its routes may have changed (the records' create route comes
 * with the first field), so the route table is read again. A failure leaves the table as it was.
 */
export async function refreshRoutes(): Promise<void> {
  await loadRoutes().catch(() => {});
}
