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
import { apiPath, lowCodeApi } from '../../../engine/core/lowcode/api.ts';
import { useLockedRecord } from '../../locks/useLockedRecord.ts';
import { LockDialogs } from '../../locks/LockDialogs.tsx';
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
  const [readFailure, setFailure] = useState<string | null>(null);
  // Update and delete read the item for update: its lock is held while the form is open, as a screen's records are.
  const forUpdate = (mode === 'update' || mode === 'delete') && validIds;
  const url = apiPath(lowCodeApi.simpleLookupItem, { tableId, id });
  const locked = useLockedRecord(url, forUpdate, { domain: screen.id, recordId: id, label: screen.form?.entityLabel ?? 'Lookup Item' });
  const failure = forUpdate && locked.failure ? (locked.failure instanceof ApiError ? locked.failure.message : noticeText('Read', 'error')) : readFailure;
  const shown = forUpdate ? locked.record : record;

  useEffect(() => {
    if (!needsId || !validIds || forUpdate) return;
    simpleLookupApi.item(tableId, id).then((item) => setRecord({ ...item }), (error: unknown) =>
      setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error')));
  }, [needsId, validIds, forUpdate, tableId, id]);

  if (!validIds) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!payload || (needsId && !shown)) return <LoadingScreen />;

  const listUrl = routes.find((r) => r.Name === `${screen.id}.list`)?.Url ?? '/home';
  // Back where the user came from inside the app; to the list when the page was opened directly.
  const done = () => (location.key !== 'default' ? navigate(-1) : navigate(listUrl));
  const canDelete = needsId && (mode === 'delete' || routes.some((r) => r.Name === `${screen.id}.delete`));
  // Saved or deleted: the lock is released.
  const write = async <T,>(method: 'POST' | 'DELETE', values?: Data): Promise<T> => {
    const answer = await locked.write<T>(method, url, values);
    await locked.release();
    return answer;
  };
  return (
    <>
      <FormScreen
        screen={screen}
        entity={payload.Schema}
        mode={mode}
        record={shown}
        title={entry?.Title ?? screen.title}
        description={entry?.Description}
        save={(values) => (mode === 'create' ? simpleLookupApi.create(tableId, values) as unknown as Promise<Data> : write<Data>('POST', values))}
        remove={canDelete ? () => write<void>('DELETE') : undefined}
        onDone={done}
        readOnlyMessage={forUpdate ? locked.readOnlyMessage : null}
      />
      {forUpdate && <LockDialogs refusal={locked.refusal} onRefusalClosed={locked.closeRefusal} />}
    </>
  );
}
