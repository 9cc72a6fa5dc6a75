import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, LinearProgress, Link, Paper, Stack, Typography } from '@mui/material';
import type { ScreenComponentProps } from '../../../../engine/react/component-registry.ts';
import { useLockedRecord } from '../../../locks/useLockedRecord.ts';
import { LockDialogs } from '../../../locks/LockDialogs.tsx';
import { itemsOf } from '../../transfer/errors.ts';
import { builderApi, builderListUrl, builderUrl, builtReportPath, runReportUrl, type BuiltReport } from './builder-api.ts';
import { bodyOf, checkDraft, draftOf, emptyDraft, noErrors, placeErrors, rowsOf, type Draft } from './builder-logic.ts';
import { BuilderForm } from './BuilderForm.tsx';
import { useBuilderChoices } from './useBuilderChoices.ts';

/**
 * /reportmodule/build/edit?reportId=: a report built on a form (none: a new one). A saved one is read for update (its
 * lock held while open, saved with the lock and the version read); a new one, once created, opens as saved.
 */
export default function BuilderEditPage({ screen }: ScreenComponentProps) {
  const [search] = useSearchParams();
  const asked = search.get('reportId');
  const id = asked === null ? 0 : Number(asked);
  if (asked !== null && !(Number.isInteger(id) && id > 0)) return <Alert severity="error">No id was provided.</Alert>;
  // Keyed by the id: a report just created opens afresh as the saved one.
  return <BuilderEditor key={id} screen={screen} id={id} />;
}

function BuilderEditor({ screen, id }: { screen: ScreenComponentProps['screen']; id: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const locked = useLockedRecord(builtReportPath(id), id > 0, { domain: screen.id, recordId: id, label: 'Report' });
  const choices = useBuilderChoices();
  const [draft, setDraft] = useState<Draft | null>(id > 0 ? null : emptyDraft());
  const [errors, setErrors] = useState(noErrors());
  const [loadingFields, setLoadingFields] = useState(false);
  const [saving, setSaving] = useState(false);
  const [savedId, setSavedId] = useState<number | null>((location.state as { created?: number } | null)?.created ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const savedNotice = useRef<HTMLDivElement>(null);
  const formArea = useRef<HTMLDivElement>(null);

  // The saved report over its form's fields as they are now.
  const record = locked.record as unknown as BuiltReport | null;
  useEffect(() => {
    if (!record) return;
    builderApi.fields(record.FormId).then((fields) => setDraft(draftOf(record, fields)), (error: unknown) => setFailure(itemsOf(error)[0]?.ErrorMessage ?? null));
  }, [record]);
  useEffect(() => { if (savedId) savedNotice.current?.focus(); }, [savedId]);
  // A refused save takes a keyboard user to the first control in error.
  useEffect(() => {
    if (errors.general.size || errors.rows.size) formArea.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  function chooseForm(formId: number | null) {
    setDraft((d) => ({ ...(d ?? emptyDraft()), formId, rows: [], groupBy: '', chartLabel: '', chartValues: [] }));
    setErrors(noErrors());
    if (!formId) return;
    setLoadingFields(true);
    builderApi.fields(formId).then(
      (fields) => setDraft((d) => (d?.formId === formId ? { ...d, rows: rowsOf(fields) } : d)),
      (error: unknown) => setErrors(placeErrors(draft ?? emptyDraft(), itemsOf(error).map((i) => ({ ...i, PropertyName: 'FormId' })))),
    ).finally(() => setLoadingFields(false));
  }

  async function save() {
    if (!draft) return;
    const problems = checkDraft(draft);
    setErrors(placeErrors(draft, problems));
    setSavedId(null);
    if (problems.length) return;
    setSaving(true);
    try {
      const body = bodyOf(draft, Boolean(choices.roles));
      if (id > 0) {
        await locked.write<BuiltReport>('POST', builtReportPath(id), body);
        setSavedId(id);
      } else {
        const created = await builderApi.create(body);
        navigate(builderUrl(created.ReportId), { replace: true, state: { created: created.ReportId } });
      }
    } catch (error) {
      setErrors(placeErrors(draft, itemsOf(error)));
    } finally {
      setSaving(false);
    }
  }

  const title = id > 0 ? 'Edit Report' : 'Build a Report';
  const loadFailure = failure ?? (locked.failure ? itemsOf(locked.failure)[0]?.ErrorMessage ?? 'The report could not be read.' : null);
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{title}</Typography>
      <Typography color="text.secondary">{screen.description}</Typography>
      {loadFailure && <Alert severity="error">{loadFailure}</Alert>}
      {choices.failure && <Alert severity="error">{choices.failure}</Alert>}
      {locked.readOnlyMessage && <Alert severity="warning">{locked.readOnlyMessage}</Alert>}
      {savedId && (
        <Alert severity="success" ref={savedNotice} tabIndex={-1}
          action={<Button component={RouterLink} to={runReportUrl(savedId)} color="inherit">Run it</Button>}>
          The report has been saved.
        </Alert>
      )}
      {!draft && !loadFailure && <LinearProgress aria-label="Loading the report" />}
      {draft && (
        <Paper variant="outlined" sx={{ p: 2 }} ref={formArea}>
          <BuilderForm
            draft={draft} choices={choices} errors={errors} loadingFields={loadingFields} readOnly={Boolean(locked.readOnlyMessage)} saving={saving}
            onChange={setDraft} onFormChosen={chooseForm} onSubmit={() => void save()}
            actions={<Link component={RouterLink} to={builderListUrl} sx={{ alignSelf: 'center', ml: 2 }}>Back to the built reports</Link>}
          />
        </Paper>
      )}
      {id > 0 && <LockDialogs refusal={locked.refusal} onRefusalClosed={locked.closeRefusal} />}
    </Stack>
  );
}
