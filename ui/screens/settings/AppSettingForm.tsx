import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@mui/material';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { composeSettingForm } from '../../../engine/core/settings/index.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { FormScreen } from '../../../engine/react/form/FormScreen.tsx';
import { useSession } from '../../stores/session.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { loadSetting, type LoadedSetting } from './load-setting.ts';
import { formRecord, saveSetting } from './save-setting.ts';
import { useRecordLock } from '../../locks/store.ts';
import { lockTexts } from '../../locks/messages.ts';
import { LockDialogs } from '../../locks/LockDialogs.tsx';

/**
 * An application setting's update and read routes (spec 1 "Application settings update"): the setting's form is
 * composed from its stored items (and, for CLIENT_SETTINGS, the client settings form) by engine/core, then the
 * engine's FormScreen does the rest; the screen stays open after a save (stayAfterSave).
 */
export function AppSettingForm({ screen, kind, params }: ScreenComponentProps) {
  const navigate = useNavigate();
  const routes = useSession((s) => s.routes) ?? [];
  const id = Number(params.id);
  const [loaded, setLoaded] = useState<LoadedSetting | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusalOpen, setRefusalOpen] = useState(false);
  const forUpdate = kind !== 'read';
  const phase = useRecordLock((s) => s.phase);
  const lockId = useRecordLock((s) => s.lock?.lockId ?? null);

  // The update route reads the setting for update: its lock is held while the form is open (it stays open after a save).
  useEffect(() => {
    if (!(id > 0)) return;
    let live = true;
    setLoaded(null);
    setFailure(null);
    loadSetting(screen, id, forUpdate).then(
      (l) => {
        if (!live) return;
        setLoaded(l);
        if (l.lock) useRecordLock.getState().hold({ ...l.lock, domain: screen.id, recordId: id });
        else if (forUpdate) setRefusalOpen(true);
      },
      () => live && setFailure(noticeText('Read', 'error', screen.form?.notices)),
    );
    return () => {
      live = false;
      if (forUpdate) void useRecordLock.getState().release();
    };
  }, [screen, id, forUpdate]);

  const composed = useMemo(() => (loaded ? composeSettingForm(loaded.base, loaded.setting, loaded.embedded) : null), [loaded]);
  const composedScreen = useMemo(() => (composed ? { ...screen, form: composed.form } : null), [screen, composed]);
  // The record the form opened with: recomputed on a new load only, so a save keeps the form's own baseline.
  const record = useMemo(() => (loaded ? formRecord(loaded) : null), [loaded?.setting.ConfigId]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!(id > 0)) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!loaded || !composed || !composedScreen || !record) return <LoadingScreen />;

  const title = routes.find((r) => r.Name === `${screen.id}.${kind}`)?.Title ?? screen.title;
  const listUrl = routes.find((r) => r.Name === `${screen.id}.list`)?.Url ?? '/home';
  const refusedWith = forUpdate && !loaded.lock ? loaded.lockMessage ?? lockTexts.invalidLock : null;
  const readOnlyMessage = refusedWith ?? (forUpdate && phase === 'expired' ? lockTexts.expired : null);
  return (
    <>
    <FormScreen
      key={loaded.setting.ConfigId}
      screen={composedScreen}
      entity={composed.entity}
      mode={kind === 'read' ? 'read' : 'update'}
      record={record}
      title={title}
      save={async (values) => {
        const saved = await saveSetting(loaded, values, lockId);
        setLoaded(saved);
        return formRecord(saved);
      }}
      onDone={() => navigate(listUrl)}
      readOnlyMessage={readOnlyMessage}
    />
    {forUpdate && <LockDialogs refusal={refusalOpen ? refusedWith : null} onRefusalClosed={() => setRefusalOpen(false)} />}
    </>
  );
}
