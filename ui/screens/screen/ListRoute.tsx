import { useCallback } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { ListScreen } from '../../../engine/react/ListScreen.tsx';
import type { ListDataSource, ListResult } from '../../../engine/react/grid/types.ts';
import { api } from '../../api/api.ts';
import { fillPath } from '../../routing/route-paths.ts';
import { useSession } from '../../stores/session.ts';

/** A screen's list route: the engine's grid over the screen's API; rows open the update route. */
export function ListRoute({ entry, screen }: { entry: RouteEntry; screen: ScreenDocument }) {
  const navigate = useNavigate();
  const routes = useSession((s) => s.routes) ?? [];
  const dataSource: ListDataSource = useCallback((query, signal) => api.get<ListResult>(`${screen.api}?${query}`, signal), [screen.api]);
  const rowRoute = screen.list?.rowClick && screen.list.rowClick !== 'none' ? routes.find((r) => r.Name === `${screen.id}.${screen.list!.rowClick}`) : undefined;
  const createRoute = routes.find((r) => r.Name === `${screen.id}.create`);
  const label = screen.form?.entityLabel ?? 'Record';
  return (
    <ListScreen
      screen={screen}
      title={entry.Title}
      description={entry.Description}
      dataSource={dataSource}
      actions={createRoute && <Button component={RouterLink} to={createRoute.Url} variant="contained" startIcon={<AddIcon />}>Add {label}</Button>}
      onRowClick={rowRoute ? (row) => navigate(fillPath(rowRoute.Url, { id: String(row[screen.idField]) })) : undefined}
    />
  );
}
