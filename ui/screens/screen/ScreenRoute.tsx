import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import { ListScreen } from '../../engine/react/ListScreen.tsx';
import type { ListDataSource, ListResult } from '../../engine/react/grid/types.ts';
import { api } from '../api/api.ts';
import { ApiError } from '../api/client.ts';
import { fillPath } from '../routing/route-paths.ts';
import { useSession } from '../stores/session.ts';
import { LoadingScreen } from './LoadingScreen.tsx';
import { FailureScreen } from './FailureScreen.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

interface ScreenPayload { Screen: ScreenDocument; Schema: Record<string, unknown> }

const loaded = new Map<string, Promise<ScreenPayload>>();

/** Screen documents are fetched once per page load; a failed fetch is forgotten so the next visit retries. */
function loadScreen(id: string): Promise<ScreenPayload> {
  let pending = loaded.get(id);
  if (!pending) {
    pending = api.get<ScreenPayload>(`/api/metadata/screens/${id}`);
    pending.catch(() => loaded.delete(id));
    loaded.set(id, pending);
  }
  return pending;
}

/** A route of the route table that names a screen: its document is fetched and rendered by the engine. */
export default function ScreenRoute({ entry }: { entry: RouteEntry }) {
  const navigate = useNavigate();
  const routes = useSession((s) => s.routes) ?? [];
  const [payload, setPayload] = useState<ScreenPayload | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const kind = entry.Name.split('.').pop();

  useEffect(() => {
    let live = true;
    setPayload(null);
    loadScreen(entry.ScreenId!).then(
      (p) => live && setPayload(p),
      (error: unknown) => live && setFailure(error instanceof ApiError ? error.message : 'A system error has occurred. Please refresh your browser and try again.'),
    );
    return () => {
      live = false;
    };
  }, [entry.ScreenId]);

  const screen = payload?.Screen;
  const dataSource: ListDataSource = useCallback(
    (query, signal) => api.get<ListResult>(`${screen?.api}?${query}`, signal),
    [screen?.api],
  );

  if (failure) return <FailureScreen message={failure} />;
  if (!screen) return <LoadingScreen />;
  if (kind !== 'list') return <NotFoundPage />;
  const updateRoute = screen.list?.rowClick === 'update' ? routes.find((r) => r.Name === `${screen.id}.update`) : undefined;
  return (
    <ListScreen
      screen={screen}
      title={entry.Title}
      description={entry.Description}
      dataSource={dataSource}
      onRowClick={updateRoute ? (row) => navigate(fillPath(updateRoute.Url, { id: String(row[screen.idField]) })) : undefined}
    />
  );
}
