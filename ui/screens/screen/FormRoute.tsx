import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '@mui/material';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { FormMode, JsonSchema } from '../../../engine/core/forms/types.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { FormScreen } from '../../../engine/react/form/FormScreen.tsx';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';

type Data = Record<string, unknown>;

/** A screen's create, update, read or delete route: loads the record, then the engine's form does the rest. */
export function FormRoute({ entry, mode, screen, entity }: { entry: RouteEntry; mode: FormMode; screen: ScreenDocument; entity: JsonSchema }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { id } = useParams();
  const routes = useSession((s) => s.routes) ?? [];
  const numericId = Number(id);
  const needsId = mode !== 'create';
  const [record, setRecord] = useState<Data | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!needsId || !(numericId > 0)) return;
    api.get<Data>(`${screen.api}/${numericId}`).then(setRecord, (error: unknown) =>
      setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error')));
  }, [needsId, numericId, screen.api]);

  if (needsId && !(numericId > 0)) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (needsId && !record) return <LoadingScreen />;

  const listUrl = routes.find((r) => r.Name === `${screen.id}.list`)?.Url ?? '/home';
  // Back where the user came from inside the app; to the list when the form was opened directly.
  const done = () => (location.key !== 'default' ? navigate(-1) : navigate(listUrl));
  const url = `${screen.api}/${numericId}`;
  const canDelete = routes.some((r) => r.Name === `${screen.id}.delete`) || mode === 'delete';
  return (
    <FormScreen
      screen={screen}
      entity={entity}
      mode={mode}
      record={record}
      title={entry.Title ?? screen.title}
      description={entry.Description}
      save={(values) => (mode === 'create' ? api.post<Data>(screen.api, values) : api.post<Data>(url, values))}
      remove={needsId && canDelete ? () => api.delete<void>(url) : undefined}
      deactivate={needsId && canDelete ? () => api.post<Data>(`${url}/deactivate`) : undefined}
      onDone={done}
    />
  );
}
