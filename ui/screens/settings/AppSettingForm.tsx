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

  useEffect(() => {
    if (!(id > 0)) return;
    let live = true;
    setLoaded(null);
    setFailure(null);
    loadSetting(screen, id).then(
      (l) => live && setLoaded(l),
      () => live && setFailure(noticeText('Read', 'error', screen.form?.notices)),
    );
    return () => { live = false; };
  }, [screen, id]);

  const composed = useMemo(() => (loaded ? composeSettingForm(loaded.base, loaded.setting, loaded.embedded) : null), [loaded]);
  const composedScreen = useMemo(() => (composed ? { ...screen, form: composed.form } : null), [screen, composed]);
  // The record the form opened with: recomputed on a new load only, so a save keeps the form's own baseline.
  const record = useMemo(() => (loaded ? formRecord(loaded) : null), [loaded?.setting.ConfigId]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!(id > 0)) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!loaded || !composed || !composedScreen || !record) return <LoadingScreen />;

  const title = routes.find((r) => r.Name === `${screen.id}.${kind}`)?.Title ?? screen.title;
  const listUrl = routes.find((r) => r.Name === `${screen.id}.list`)?.Url ?? '/home';
  return (
    <FormScreen
      key={loaded.setting.ConfigId}
      screen={composedScreen}
      entity={composed.entity}
      mode={kind === 'read' ? 'read' : 'update'}
      record={record}
      title={title}
      save={async (values) => {
        const saved = await saveSetting(loaded, values);
        setLoaded(saved);
        return formRecord(saved);
      }}
      onDone={() => navigate(listUrl)}
    />
  );
}
