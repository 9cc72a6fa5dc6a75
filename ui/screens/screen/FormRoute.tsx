import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Stack } from '@mui/material';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { FormMode, JsonSchema } from '../../../engine/core/forms/types.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { copyOfRecord } from '../../../engine/core/forms/compose.ts';
import { FormScreen } from '../../../engine/react/form/FormScreen.tsx';
import { asyncValidatorsFor } from '../../widgets/async-validators.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { refreshCurrentUser } from '../../stores/current-user.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { fillPath } from '../../routing/route-paths.ts';
import { HistoryButton } from './HistoryButton.tsx';
import { PrintButton } from './PrintButton.tsx';

type Data = Record<string, unknown>;

export interface FormRouteProps {
  entry: RouteEntry;
  mode: FormMode;
  screen: ScreenDocument;
  entity: JsonSchema;
  /** A single route: the one record the server chooses (GET and POST {api}, no id), edited in update mode. */
  single?: boolean;
  /** Actions about the loaded record, beside the form's title. */
  actions?: (record: Record<string, unknown>) => ReactNode;
}

/** Where a form's record is read and saved: {api}/{id} for a record found by id, {api} itself for a single route. */
function recordUrl(screen: ScreenDocument, single: boolean, id: number): string {
  return single ? screen.api : `${screen.api}/${id}`;
}

/** A screen's create, update, read, delete or single route: loads the record, then the engine's form does the rest. */
export function FormRoute({ entry, mode, screen, entity, single = false, actions }: FormRouteProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { id } = useParams();
  const routes = useSession((s) => s.routes) ?? [];
  const numericId = Number(id);
  const needsId = mode !== 'create' && !single;
  // /x/create/{id}: 0 is a new record, another id a copy of that record (the screen's copy).
  const copyOfId = mode === 'create' && screen.form?.copy && numericId > 0 ? numericId : undefined;
  const loads = mode !== 'create' || copyOfId !== undefined;
  const url = recordUrl(screen, single, numericId);
  const [record, setRecord] = useState<Data | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!loads || (needsId && !(numericId > 0))) return;
    api.get<Data>(url).then((loaded) => setRecord(copyOfId ? copyOfRecord(screen.form!, loaded) : loaded), (error: unknown) =>
      setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error')));
  }, [loads, needsId, numericId, url, copyOfId, screen.form]);

  // The record's own user name or e-mail address is no clash for its uniqueness checks.
  const recordId = Number(record?.[screen.idField]) || undefined;
  const asyncValidators = useMemo(() => asyncValidatorsFor(recordId), [recordId]);

  if (needsId && !(numericId > 0)) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (loads && !record) return <LoadingScreen />;

  const listUrl = routes.find((r) => r.Name === `${screen.id}.list`)?.Url ?? '/home';
  // Back where the user came from inside the app; to the list (or home) when the form was opened directly.
  // A copy was opened from the record copied: once made (or given up), the list is where the user goes on.
  const done = () => (location.key !== 'default' && copyOfId === undefined ? navigate(-1) : navigate(listUrl));
  const canDelete = needsId && (routes.some((r) => r.Name === `${screen.id}.delete`) || mode === 'delete');
  // Copy needs both the create and the update route (spec 3): the route table holds only the routes the user may use.
  const createEntry = routes.find((r) => r.Name === `${screen.id}.create`);
  const canCopy = Boolean(screen.form?.copy) && mode === 'update' && needsId && createEntry && routes.some((r) => r.Name === `${screen.id}.update`);
  // The record's History beside the title, on the update and read routes of a form that shows record info.
  const history = record && !single && (mode === 'update' || mode === 'read') && screen.form?.recordInfo
    ? <><HistoryButton url={`${url}/history`} entity={entity} /><PrintButton url={url} /></> : null;
  const extra = record && actions ? actions(record) : null;
  async function save(values: Data): Promise<Data> {
    const saved = await (mode === 'create' ? api.post<Data>(screen.api, values) : api.post<Data>(url, values));
    // The record may have been the signed-in user's own (their account, their row of the user list): the top bar follows.
    void refreshCurrentUser();
    return saved;
  }
  return (
    <FormScreen
      screen={screen}
      entity={entity}
      mode={mode}
      record={record}
      title={entry.Title ?? screen.title}
      description={entry.Description}
      save={save}
      remove={canDelete ? () => api.delete<void>(url) : undefined}
      deactivate={canDelete ? () => api.post<Data>(`${url}/deactivate`) : undefined}
      asyncValidators={asyncValidators}
      copyOfId={copyOfId}
      actions={history || extra ? <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>{history}{extra}</Stack> : undefined}
      onCopy={canCopy ? () => navigate(fillPath(createEntry!.Url, { id: numericId })) : undefined}
      onDone={done}
    />
  );
}
