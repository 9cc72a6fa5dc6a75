import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, FormControlLabel, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { TitleBar } from '../../../engine/react/TitleBar.tsx';
import { itemsOf } from '../transfer/errors.ts';
import { KindOptions, type Draft } from './KindOptions.tsx';
import { useLockedRecord } from '../../locks/useLockedRecord.ts';
import { LockDialogs } from '../../locks/LockDialogs.tsx';
import { kindLabels, widgetLabel, widgetListUrl, widgetPath, widgetsApi, type Choices, type ManagedWidget, type WidgetKind } from './widgets-api.ts';

const emptyDraft = (): Draft => ({ Kind: 'number', Title: '', Source: null, Options: { Measure: 'count' }, Placements: [] });
const draftOf = (w: ManagedWidget): Draft => ({ Kind: w.Kind, Title: w.Title, Source: w.Source ?? null, Options: w.Options, Placements: w.Placements.map((p) => ({ RoleId: p.RoleId, Size: p.Size })) });

/**
 * /HomeConfigurationManager/Create (?widgetId= an existing widget): its kind and that kind's options, its roles and size
 * on each. A saved widget is read for update: its lock is held while the form is open and given back on save or leaving;
 * held by someone else, the form is read-only with the lock message.
 */
export default function WidgetEditPage({ screen }: ScreenComponentProps) {
  const [search] = useSearchParams();
  const id = Number(search.get('widgetId') ?? 0) || 0;
  // Keyed by the id: another widget (or a new one) opens afresh, with its own lock.
  return <WidgetEditor key={id} screen={screen} id={id} />;
}

function WidgetEditor({ screen, id }: { screen: ScreenComponentProps['screen']; id: number }) {
  const navigate = useNavigate();
  const locked = useLockedRecord(widgetPath(id), id > 0, { domain: screen.id, recordId: id, label: widgetLabel });
  const [draft, setDraft] = useState<Draft | null>(id ? null : emptyDraft());
  const [choices, setChoices] = useState<Choices | null>(null);
  const [errors, setErrors] = useState(new Map<string, string>());
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const record = locked.record as unknown as ManagedWidget | null;
  const readOnly = Boolean(locked.readOnlyMessage);

  useEffect(() => {
    widgetsApi.choices().then(setChoices, (error: unknown) => setFailure(itemsOf(error)[0]?.ErrorMessage ?? 'The choices could not be loaded.'));
  }, []);
  useEffect(() => { if (record) setDraft(draftOf(record)); }, [record]);
  useEffect(() => {
    if (locked.failure) setFailure(itemsOf(locked.failure)[0]?.ErrorMessage ?? 'The widget could not be loaded.');
  }, [locked.failure]);

  const change = (c: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...c } : d));

  async function save() {
    if (!draft || readOnly) return;
    setSaving(true);
    try {
      const body = { ...draft, Title: draft.Title.trim() };
      if (id) await locked.write('POST', widgetPath(id), body);
      else await widgetsApi.create(body);
      navigate(widgetListUrl);
    } catch (error) {
      const items = itemsOf(error);
      setErrors(new Map(items.filter((i) => i.PropertyName).map((i) => [String(i.PropertyName).replace(/^\//, ''), i.ErrorMessage])));
      setFailure(items.map((i) => i.ErrorMessage).join(' '));
    } finally {
      setSaving(false);
    }
  }

  if (!draft || !choices) return failure ? <Alert severity="error">{failure}</Alert> : <LinearProgress aria-label="Loading the widget" />;
  const placement = (roleId: number) => draft.Placements.find((p) => p.RoleId === roleId);
  return (
    <Stack spacing={2} component="form" onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate>
      <TitleBar title={id ? `Edit ${draft.Title || 'widget'}` : screen.routeTitles?.read ?? screen.title} description="A widget is data: its kind, what it shows, and the roles whose home shows it." />
      {failure && <Alert severity="error">{failure}</Alert>}
      {locked.readOnlyMessage && <Alert severity="warning">{locked.readOnlyMessage}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField select label="Kind" disabled={readOnly} value={draft.Kind} onChange={(e) => change({ Kind: e.target.value as WidgetKind, Source: null, Options: e.target.value === 'number' ? { Measure: 'count' } : {} })}>
            {Object.entries(kindLabels).map(([kind, label]) => <MenuItem key={kind} value={kind}>{label}</MenuItem>)}
          </TextField>
          <TextField label="Title" required disabled={readOnly} value={draft.Title} onChange={(e) => change({ Title: e.target.value })}
            error={errors.has('Title')} helperText={errors.get('Title')} slotProps={{ htmlInput: { maxLength: 200 } }} />
          <KindOptions draft={draft} choices={choices} errors={errors} onChange={change} disabled={readOnly} />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="fieldset">
        <Typography component="legend" variant="h2" sx={{ fontSize: '1.1rem' }}>Roles whose home shows it</Typography>
        {errors.has('Placements') && <Alert severity="error">{errors.get('Placements')}</Alert>}
        <Stack spacing={1}>
          {choices.Roles.map((role) => {
            const placed = placement(role.RoleId);
            return (
              <Stack key={role.RoleId} direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <FormControlLabel label={role.Name} sx={{ minWidth: 200 }} control={(
                  <Checkbox checked={Boolean(placed)} disabled={readOnly} onChange={(e) => change({
                    Placements: e.target.checked ? [...draft.Placements, { RoleId: role.RoleId, Size: 'medium' }] : draft.Placements.filter((p) => p.RoleId !== role.RoleId),
                  })} />
                )} />
                {placed && (
                  <TextField select size="small" label={`Size for ${role.Name}`} disabled={readOnly} value={placed.Size} sx={{ minWidth: 160 }}
                    onChange={(e) => change({ Placements: draft.Placements.map((p) => (p.RoleId === role.RoleId ? { ...p, Size: e.target.value as Draft['Placements'][number]['Size'] } : p)) })}>
                    <MenuItem value="small">Small</MenuItem><MenuItem value="medium">Medium</MenuItem><MenuItem value="large">Large</MenuItem>
                  </TextField>
                )}
              </Stack>
            );
          })}
        </Stack>
      </Paper>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={saving || readOnly}>Save</Button>
        <Button onClick={() => navigate(widgetListUrl)}>Cancel</Button>
      </Stack>
      {id > 0 && <LockDialogs refusal={locked.refusal} onRefusalClosed={locked.closeRefusal} />}
    </Stack>
  );
}
