import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import type { PageActions } from '../../../metadata/types/PageActions.ts';
import { recordNoun, type ScreenDocument } from '../../../engine/core/screen-document.ts';
import { toErrorList } from '../../../engine/core/error-items.ts';
import { ListScreen } from '../../../engine/react/ListScreen.tsx';
import type { GridExporter, GridViews, ListDataSource, ListResult, PageActionsSource } from '../../../engine/react/grid/types.ts';
import { api } from '../../api/api.ts';
import { ApiError, refreshedTokenHeader } from '../../api/client.ts';
import { handleUnauthorized } from '../../session/session-end.ts';
import { fillPath } from '../../routing/route-paths.ts';
import { useSession } from '../../stores/session.ts';
import { useLockedRowsWatch } from '../../locks/useLockedRowsWatch.ts';
import { windowHeaders } from '../../locks/window-id.ts';
import { useRecordActionHandlers } from './record-action-handlers.ts';

/** Spec 2 section 4: reads name the rows locked by others in this header (a JSON array of ids; -1 means all). */
const lockedIdsHeader = 'lockedrecordids';

function lockedIdsOf(headers: Headers): Array<number | string> | undefined {
  const text = headers.get(lockedIdsHeader);
  if (!text) return undefined;
  try {
    const ids: unknown = JSON.parse(text);
    return Array.isArray(ids) ? ids.filter((id): id is number | string => typeof id === 'number' || typeof id === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/** The grid's query with a registered list's own filters after it (a filter bar's kind and period). */
const withExtra = (query: string, extraQuery: string) => (extraQuery ? `${query}&${extraQuery}` : query);

/**
 * The list call, with the lock header passed on to the grid as LockedIds (rows this window holds locked are not
 * among them: it names itself), and told to the watch that refreshes the grid once they are released.
 */
const listSource = (path: string, onLocked: (ids: Array<number | string> | undefined) => void, extraQuery: string): ListDataSource => async (query, signal) => {
  const { data, headers } = await api.send<ListResult>('GET', `${path}?${withExtra(query, extraQuery)}`, { signal, headers: windowHeaders() });
  const result = data.LockedIds ? data : { ...data, LockedIds: lockedIdsOf(headers) };
  onLocked(result.LockedIds);
  return result;
};

const pageActionSource: PageActionsSource = (accessPageId, signal) =>
  api.get<PageActions>(`/api/page-actions?accessPageId=${accessPageId}`, { signal, quiet: true });

/** Preference values read this session, by session and key (spec 1: cached per session until it ends). */
const preferenceCache = new Map<string, string>();
const cacheKey = (key: string) => `${useSession.getState().session?.SessionId ?? ''}\u0000${key.toLowerCase()}`;

/** Saved views through the preferences calls (spec 1 section 7, "Preferences"). */
const preferenceViews: GridViews = {
  async load(key) {
    const cached = preferenceCache.get(cacheKey(key));
    if (cached !== undefined) return cached;
    const { Value } = await api.get<{ Value: string }>(`/api/preferences/storage-read?key=${encodeURIComponent(key)}`, { quiet: true });
    preferenceCache.set(cacheKey(key), Value);
    return Value;
  },
  async save(key, value) {
    await api.post('/api/preferences/storage-save', { Key: key, Value: value });
    preferenceCache.set(cacheKey(key), value);
  },
};

function fileNameOf(headers: Headers, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * The export: a plain fetch with the session's headers (the API client reads whole bodies as text), read as a
 * stream so the grid can show the bytes received, then handed over as a Blob. A 401 ends the session as any call's does.
 */
const csvExporter = (path: string, name: string, extraQuery: string): GridExporter => async (query, onProgress, signal) => {
  const { token, session } = useSession.getState();
  const headers: Record<string, string> = { accept: 'text/csv' };
  if (token && session) Object.assign(headers, { authorization: `Bearer ${token}`, 'session-id': session.SessionId, 'instance-id': session.InstanceId });
  const response = await fetch(`${path}/export.csv?${withExtra(query, extraQuery)}`, { headers, signal });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const error = new ApiError(response.status, toErrorList(body ?? `API Call failed with status code ${response.status}`), body);
    if (response.status === 401 && token) handleUnauthorized(error);
    throw error;
  }
  const refreshed = response.headers.get(refreshedTokenHeader);
  if (refreshed) useSession.getState().setToken(refreshed);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return { blob: new Blob(chunks as BlobPart[], { type: 'text/csv' }), fileName: fileNameOf(response.headers, `${name}.csv`) };
};

/**
 * A screen's list route: the engine's grid over the screen's API (list, export, saved views, page actions); rows open
 * the update route. A registered list component may add set actions of its own beside the add button (`extraActions`),
 * and filters of its own: a bar above the grid (`filters`) and the query parameters they add to list and export (`extraQuery`).
 */
export function ListRoute({ entry, screen, extraActions, filters, extraQuery = '' }: {
  entry: RouteEntry; screen: ScreenDocument; extraActions?: ReactNode; filters?: ReactNode; extraQuery?: string;
}) {
  const navigate = useNavigate();
  const routes = useSession((s) => s.routes) ?? [];
  const watchLocked = useLockedRowsWatch(screen.id);
  const dataSource = useMemo(() => listSource(screen.api, watchLocked, extraQuery), [screen.api, watchLocked, extraQuery]);
  const exporter = useMemo(() => csvExporter(screen.api, screen.id, extraQuery), [screen.api, screen.id, extraQuery]);
  const actionHandlers = useRecordActionHandlers(screen, routes);
  const rowRoute = screen.list?.rowClick && screen.list.rowClick !== 'none' ? routes.find((r) => r.Name === `${screen.id}.${screen.list!.rowClick}`) : undefined;
  const createRoute = routes.find((r) => r.Name === `${screen.id}.create`);
  // The same noun as the create screen's title (the route table's 'Create ...').
  const add = createRoute ? { to: fillPath(createRoute.Url, { id: 0 }), label: `Add ${recordNoun(screen)}` } : undefined;
  // A built form's records can be brought in from a file by whoever may create them (the route table offers the route).
  const importRoute = routes.find((r) => r.Name === `${screen.id}.import`);
  const actions = importRoute
    ? <>{extraActions}<Button component={RouterLink} to={importRoute.Url} variant="outlined" startIcon={<UploadFileIcon />}>Import</Button></>
    : extraActions;
  return (
    <ListScreen
      screen={screen}
      title={entry.Title}
      description={entry.Description}
      dataSource={dataSource}
      views={preferenceViews}
      exporter={exporter}
      pageActions={pageActionSource}
      actionHandlers={actionHandlers}
      actions={actions}
      filters={filters}
      add={add}
      onRowClick={rowRoute ? (row) => navigate(fillPath(rowRoute.Url, { id: String(row[screen.idField]) })) : undefined}
    />
  );
}
