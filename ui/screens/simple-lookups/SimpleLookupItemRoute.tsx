import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@mui/material';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import type { FormMode } from '../../../engine/core/forms/types.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { FormScreen } from '../../../engine/react/form/FormScreen.tsx';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { useScreenPayload } from '../screen/useScreenPayload.ts';
import { simpleLookupApi } from './simple-lookup-api.ts';
import { tableIdOf } from './stored-table.ts';

type Data = Record<string, unknown>;

/**
 * /simpleLookup/create/{tableId}, /read/{tableId}/{id}, /update/{tableId}/{id} and /delete/{tableId}/{id}: one item
 * of a list on a page of its own (the list screen embeds the same form). Read is read-only with Cancel going back;
 * a non-positive id or table id is 'No id was provided.'.
 */
export function SimpleLookupItemRoute({ screen, kind, params }: ScreenComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const routes = useSession((s) => s.routes) ?? [];
  const entry = routes.find((r) => r.Name === `${screen.id}.${kind}`);
  const { payload } = useScreenPayload(screen.id);
  const mode = kind as FormMode;
  const tableId = tableIdOf(params.tableId);
  const id = Number(params.id);
  const needsId = mode !== 'create';
  const validIds = tableId > 0 && (!needsId || id > 0);
  const [record, setRecord] = useState<Data | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!needsId || !validIds) return;
    simpleLookupApi.item(tableId, id).then((item) => setRecord({ ...item }), (error: unknown) =>
      setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error')));
  }, [needsId, validIds, tableId, id]);

  if (!validIds) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!payload || (needsId && !record)) return <LoadingScreen />;

  const listUrl = routes.find((r) => r.Name === `${screen.id}.list`)?.Url ?? '/home';
  // Back where the user came from inside the app; to the list when the page was opened directly.
  const done = () => (location.key !== 'default' ? navigate(-1) : navigate(listUrl));
  const canDelete = needsId && (mode === 'delete' || routes.some((r) => r.Name === `${screen.id}.delete`));
  return (
    <FormScreen
      screen={screen}
      entity={payload.Schema}
      mode={mode}
      record={record}
      title={entry?.Title ?? screen.title}
      description={entry?.Description}
      save={(values) => (mode === 'create' ? simpleLookupApi.create(tableId, values) : simpleLookupApi.update(tableId, id, values)) as unknown as Promise<Data>}
      remove={canDelete ? () => simpleLookupApi.remove(tableId, id) : undefined}
      onDone={done}
    />
  );
}
