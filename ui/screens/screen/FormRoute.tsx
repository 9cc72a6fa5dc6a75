import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '@mui/material';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { FormMode, JsonSchema } from '../../../engine/core/forms/types.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { copyOfRecord, createValuesOf, queryDefaultsOf } from '../../../engine/core/forms/compose.ts';
import { FormScreen } from '../../../engine/react/form/FormScreen.tsx';
import { asyncValidatorsFor } from '../../widgets/async-validators.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { refreshCurrentUser } from '../../stores/current-user.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { fillPath } from '../../routing/route-paths.ts';
import { HistoryButton } from './HistoryButton.tsx';
import { useLockedRecord } from '../../locks/useLockedRecord.ts';
import { LockDialogs } from '../../locks/LockDialogs.tsx';
import { PrintButton } from './PrintButton.tsx';
import { RecordCircleButton } from './RecordCircleButton.tsx';
import { RecordReportSection } from './RecordReportSection.tsx';

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
  /** A notice about the loaded record, above the form. */
  notice?: (record: Record<string, unknown>) => ReactNode;
}

/** Where a form's record is read and saved: {api}/{id} for a record found by id, {api} itself for a single route. */
function recordUrl(screen: ScreenDocument, single: boolean, id: number): string {
  return single ? screen.api : `${screen.api}/${id}`;
}

/** A screen's create, update, read, delete or single route: loads the record, then the engine's form does the rest. */
export function FormRoute({ entry, mode, screen, entity, single = false, actions, notice }: FormRouteProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { id } = useParams();
  const routes = useSession((s) => s.routes) ?? [];
  const numericId = Number(id);
  const needsId = mode !== 'create' && !single;
  // /x/create/{id}: 0 is a new record, another id a copy of that record (the screen's copy); a built form's create
  // route has no id: ?copyOf={id} (its row action Copy) names the record copied.
  const copyOf = Number(new URLSearchParams(location.search).get('copyOf'));
  const copyOfId = mode !== 'create' ? undefined : screen.form?.copy && numericId > 0 ? numericId : copyOf > 0 ? copyOf : undefined;
  const loads = mode !== 'create' || copyOfId !== undefined;
  const url = recordUrl(screen, single, copyOfId ?? numericId);
  const [plain, setRecord] = useState<Data | null>(null);
  const [readFailure, setFailure] = useState<string | null>(null);
  // Update and delete read the record for update: its lock (spec 2 "Record lock lifecycle") is held while the form is open.
  // A single record (Your Account) is the server's choice: its lock is told apart by its domain alone here.
  const forUpdate = (mode === 'update' || mode === 'delete') && (single || (needsId && numericId > 0));
  const label = screen.form?.entityLabel ?? screen.title;
  const locked = useLockedRecord(url, forUpdate, { domain: screen.id, recordId: numericId, label });
  // A new record (not a copy) starts with its fields' createValue options and the values the route's query gives (queryDefaults).
  const fromQuery = useMemo(() => {
    if (mode !== 'create' || loads || !screen.form) return undefined;
    const start = { ...createValuesOf(screen.form), ...queryDefaultsOf(screen.form, entity, new URLSearchParams(location.search)) };
    return Object.keys(start).length ? start : undefined;
  }, [mode, loads, screen.form, entity, location.search]);
  const record = forUpdate ? locked.record : plain;
  const failure = forUpdate && locked.failure ? (locked.failure instanceof ApiError ? locked.failure.message : noticeText('Read', 'error')) : readFailure;

  useEffect(() => {
    if (forUpdate || !loads || (needsId && !(numericId > 0))) return;
    api.get<Data>(url).then((loaded) => setRecord(copyOfId ? copyOfRecord(screen.form!, loaded) : loaded), (error: unknown) =>
      setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error')));
  }, [forUpdate, loads, needsId, numericId, url, copyOfId, screen.form]);

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
    ? (
      <>
        <HistoryButton url={`${url}/history`} entity={entity} />
        <PrintButton url={url} />
        {/* A circleable form's record names its circle (AtomicCircleId); it moves from the update route, under the record's lock.
            An atomic circle's AtomicCircleId is its own id, not a circle it belongs to. */}
        {mode === 'update' && record.AtomicCircleId !== undefined && screen.idField !== 'AtomicCircleId' && <RecordCircleButton url={url} move={(body) => write('POST', `${url}/circle`, body)} />}
      </>
    ) : null;
  const extra = record && actions ? actions(record) : null;
  /** A write to the record read for update: with its lock and version; the answer's version is the one read now. */
  async function write(method: 'POST' | 'DELETE', path: string, body?: Data): Promise<Data> {
    const { data, headers } = await api.send<Data>(method, path, { body, headers: forUpdate ? locked.writeHeaders() : undefined });
    if (forUpdate) locked.saved(headers);
    return data;
  }
  async function save(values: Data): Promise<Data> {
    const saved = await (mode === 'create' ? api.post<Data>(screen.api, values) : write('POST', url, values));
    // Saved: the lock is released (a form that stays open after saving keeps it).
    if (forUpdate && !screen.form?.stayAfterSave) await locked.release();
    // The record may have been the signed-in user's own (their account, their row of the user list): the top bar follows.
    void refreshCurrentUser();
    return saved;
  }
  async function remove(): Promise<void> {
    await write('DELETE', url);
    await locked.release();
  }
  return (
    <>
      <FormScreen
        screen={screen}
        entity={entity}
        mode={mode}
        record={record ?? fromQuery ?? null}
        title={entry.Title ?? screen.title}
        description={entry.Description}
        save={save}
        remove={canDelete ? remove : undefined}
        deactivate={canDelete ? () => write('POST', `${url}/deactivate`) : undefined}
        asyncValidators={asyncValidators}
        copyOfId={copyOfId}
        actions={history || extra ? <>{history}{extra}</> : undefined}
        notice={record && notice ? notice(record) : undefined}
        onCopy={canCopy ? () => navigate(fillPath(createEntry!.Url, { id: numericId })) : undefined}
        onDone={done}
        readOnlyMessage={forUpdate ? locked.readOnlyMessage : null}
      />
      {record && !single && (mode === 'update' || mode === 'read') && <RecordReportSection screen={screen} record={record} />}
      {forUpdate && <LockDialogs refusal={locked.refusal} onRefusalClosed={locked.closeRefusal} />}
    </>
  );
}
