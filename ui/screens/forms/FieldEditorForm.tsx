import { useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Alert, Box, FormControlLabel, FormHelperText, Grid, MenuItem, Paper, Stack, Switch, TextField, Typography,
} from '@mui/material';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { toErrorList } from '../../../engine/core/error-items.ts';
import type { FormFieldInput, FormFieldRecord, TypeChangePreview } from '../../../engine/core/lowcode/api.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { ButtonBar } from '../../../engine/react/form/ButtonBar.tsx';
import { LeavePrompt } from '../../../engine/react/form/LeavePrompt.tsx';
import { ApiError } from '../../api/client.ts';
import { refreshRoutes } from './useRecordsRoutes.ts';
import { formApi, type FormRecord } from './form-api.ts';
import {
  changeName, changeType, editorFaults, editorPropertyName, setUdf, todayIso, toInput, type EditorValues,
} from './field-editor-state.ts';
import { useFieldTypes, useLookupLists, useTypeAttributes } from './useFieldTypeData.ts';
import { AttributesSection } from './AttributesSection.tsx';
import { TypeChangeDialog } from './TypeChangeDialog.tsx';
import { TypeChangeProgressPanel } from './TypeChangeProgressPanel.tsx';

export interface FieldEditorFormProps {
  mode: 'create' | 'update';
  form: FormRecord;
  /** The stored field being updated (update only). */
  field: FormFieldRecord | null;
  initial: EditorValues;
  /** A copy starts unsaved, so it may be created as it is. */
  copy: boolean;
  title: string;
  onDone(): void;
  /** Saves an update (with the field's lock and version: FormFieldEditorRoute reads it for update); answers the field saved. */
  update?(fieldId: number, input: FormFieldInput): Promise<FormFieldRecord>;
  /** Why the field cannot be changed here (someone else holds its lock, or this form's lock expired): read-only. */
  readOnlyMessage?: string | null;
}

const byProperty = (items: ErrorItem[]) => {
  const map = new Map<string, string>();
  for (const item of items) {
    const name = editorPropertyName(item.PropertyName);
    if (name && !map.has(name)) map.set(name, item.ErrorMessage);
  }
  return map;
};

/** What a failed call said, as error items. */
function itemsOf(error: unknown): ErrorItem[] {
  const items = error instanceof ApiError ? error.items : toErrorList((error as Error)?.message);
  return items.length ? items : toErrorList('A system error has occurred. Please try again.');
}

/**
 * The combined field editor (spec 2 "Form fields"): name, UDF toggle and active range, report label,
 * active, type and the type's attributes. Faults show beside the inputs with the words the server
 * uses; a type change of a stored field is tried as a dry run first (TypeChangeDialog).
 */
export function FieldEditorForm({ mode, form, field, initial, copy, title, onDone, update = formApi.updateField, readOnlyMessage = null }: FieldEditorFormProps) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ErrorItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<TypeChangePreview | null>(null);
  // A type change converting in the background (the save answered 202, or one was under way when the editor opened).
  const [converting, setConverting] = useState(field?.TypeChange?.State === 'Converting' ? field.TypeChange : null);
  const [changeFailure, setChangeFailure] = useState(field?.TypeChange?.State === 'Failed' ? field.TypeChange.Message : null);
  const frozen = busy || converting !== null;
  const leaving = useRef(false);
  // The type whose attributes values.AttributeValues holds: a newly read type's attributes replace them once.
  const valuesType = useRef(initial.FieldType);

  const reserved = Boolean(field?.IsReserved);
  const { types, failure: typesFailed } = useFieldTypes(values.IsUdf);
  const { attributes, failure: attributesFailed } = useTypeAttributes(values.FieldType);
  const lookupLists = useLookupLists(Boolean(attributes?.some((a) => a.name === 'lookupListId')));
  if (attributes && valuesType.current !== values.FieldType) {
    valuesType.current = values.FieldType;
    setValues(changeType(values, values.FieldType, attributes));
  }
  // A UDF may not have every type: one the UDF list lacks is cleared, to be chosen again.
  if (types && values.FieldType && !reserved && !types.some((t) => t.Id === values.FieldType)) {
    setValues({ ...values, FieldType: '', AttributeValues: {} });
  }

  const typeLabel = (key: string) => types?.find((t) => t.Id === key)?.Name ?? key;
  const faults = useMemo(() => editorFaults(values, typeLabel(values.FieldType), attributes), [values, attributes, types]); // eslint-disable-line react-hooks/exhaustive-deps
  const clientFaults = useMemo(() => byProperty(faults), [faults]);
  const serverFaults = useMemo(() => byProperty(serverErrors), [serverErrors]);
  const dirty = copy || JSON.stringify(values) !== JSON.stringify(initial);
  const shown = (property: string) => submitted || touched.has(property);
  /** The fault beside an input: the server's when it gave one (until the input is edited), else the browser's own. */
  const errorOf = (property: string) => serverFaults.get(property) ?? (shown(property) ? clientFaults.get(property) : undefined);
  const attributeNames = new Set((attributes ?? []).map((a) => `AttributeValues.${a.name}`));
  const inputNames = new Set(['Name', 'ReportLabelText', 'IsUdf', 'IsActive', 'StartDate', 'EndDate', 'FieldType', ...attributeNames]);
  const formErrors = serverErrors.filter((e) => !inputNames.has(editorPropertyName(e.PropertyName) ?? ''));

  /** An edit: the new values, the inputs it touched, and the server's faults about them cleared. */
  function edit(next: EditorValues, ...properties: string[]) {
    setValues(next);
    setTouched((t) => new Set([...t, ...properties]));
    setServerErrors((errors) => errors.filter((e) => !properties.includes(editorPropertyName(e.PropertyName) ?? '')));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (frozen || !dirty || readOnlyMessage) return;
    setSubmitted(true);
    if (faults.length || !attributes) {
      notify('error', noticeText('Validation', 'error'));
      return;
    }
    const input = toInput(form.FormId, values);
    if (mode === 'update' && field && values.FieldType !== field.FieldType) {
      setBusy(true);
      try {
        setPreview(await formApi.typeChangePreview(field.FormFieldId, input));
      } catch (error) {
        fail(error);
      } finally {
        setBusy(false);
      }
      return;
    }
    await save();
  }

  function fail(error: unknown) {
    const items = itemsOf(error);
    setServerErrors(items);
    notify('error', noticeText(mode === 'create' ? 'Create' : 'Update', 'error', {}, items.length === 1 ? items[0].ErrorMessage : undefined));
  }

  async function save() {
    setPreview(null);
    setBusy(true);
    try {
      const input = toInput(form.FormId, values);
      const saved = await (mode === 'create' ? formApi.createField(input) : update(field!.FormFieldId, input));
      if (saved?.TypeChange?.State === 'Converting') {
        setChangeFailure(null);
        setConverting(saved.TypeChange);
        // Saved: leaving now loses nothing (the change applies when its values are converted).
        leaving.current = true;
        return;
      }
      await finish();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  /** The save applied (a type change made online too): the routes follow the new definition and the editor closes. */
  async function finish() {
    try {
      await refreshRoutes();
      notify('success', noticeText(mode === 'create' ? 'Create' : 'Update', 'success'));
      leaving.current = true;
      onDone();
    } catch (error) {
      fail(error);
    }
  }

  function changeFinished(saved: FormFieldRecord) {
    setConverting(null);
    if (saved.TypeChange?.State === 'Failed') {
      setChangeFailure(saved.TypeChange.Message);
      notify('error', noticeText('Update', 'error', {}, saved.TypeChange.Message ?? undefined));
      return;
    }
    void finish();
  }

  const textField = (property: 'Name' | 'ReportLabelText', label: string, required: boolean, onChange: (text: string) => void) => (
    <TextField
      id={`field-${property}`}
      label={label}
      required={required}
      value={values[property]}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => setTouched((t) => new Set([...t, property]))}
      error={Boolean(errorOf(property))}
      helperText={errorOf(property) ?? ' '}
      disabled={frozen}
      fullWidth
      slotProps={{ htmlInput: { maxLength: 200 } }}
    />
  );
  const dateField = (property: 'StartDate' | 'EndDate', label: string, required: boolean) => (
    <TextField
      id={`field-${property}`}
      type="date"
      label={label}
      required={required}
      value={values[property]}
      onChange={(e) => edit({ ...values, [property]: e.target.value }, property, 'StartDate', 'EndDate')}
      error={Boolean(errorOf(property))}
      helperText={errorOf(property) ?? (property === 'EndDate' ? 'Leave empty for no end.' : ' ')}
      disabled={frozen}
      fullWidth
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <div>
        <Typography variant="h1">{title}</Typography>
        <Typography color="text.secondary">
          {values.IsUdf ? 'A user-defined field' : 'A field'} of the form <strong>{form.Name}</strong>.
        </Typography>
      </div>
      {reserved && <Alert severity="info">This is a shipped field of a reserved form: its type cannot be changed, but its name and label can.</Alert>}
      {readOnlyMessage && <Alert severity="warning">{readOnlyMessage}</Alert>}
      {formErrors.map((e, i) => <Alert key={i} severity="error">{e.ErrorMessage}</Alert>)}
      {changeFailure && <Alert severity="error">{changeFailure}</Alert>}
      {converting && field && (
        <TypeChangeProgressPanel fieldId={field.FormFieldId} fieldName={field.Name} progress={converting} labelOf={typeLabel} onFinished={changeFinished} />
      )}
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              {textField('Name', 'Name', true, (name) => edit(changeName(values, name), 'Name', 'ReportLabelText'))}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {textField('ReportLabelText', 'Report Label Text', !values.IsUdf, (text) => edit({ ...values, ReportLabelText: text }, 'ReportLabelText'))}
            </Grid>
          </Grid>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
            <Box>
              <FormControlLabel
                control={<Switch id="field-IsUdf" checked={values.IsUdf} disabled={frozen || reserved || !form.CanHaveEav}
                  onChange={(e) => edit(setUdf(values, e.target.checked, todayIso()), 'IsUdf')} />}
                label="Is UDF"
              />
              <FormHelperText error={Boolean(serverFaults.get('IsUdf'))} sx={{ mt: 0 }}>
                {serverFaults.get('IsUdf') ?? (form.CanHaveEav ? 'Shown only within its active range; its values are kept beside the record.' : `The form ${form.Name} does not allow user-defined fields.`)}
              </FormHelperText>
            </Box>
            <Box>
              <FormControlLabel
                control={<Switch id="field-IsActive" checked={values.IsActive} disabled={frozen} onChange={(e) => edit({ ...values, IsActive: e.target.checked }, 'IsActive')} />}
                label="Is Active"
              />
              <FormHelperText sx={{ mt: 0 }}>An inactive field keeps its stored values but is not shown.</FormHelperText>
            </Box>
          </Stack>
          {values.IsUdf && (
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>{dateField('StartDate', 'Start Date', true)}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{dateField('EndDate', 'End Date', false)}</Grid>
            </Grid>
          )}
          <TextField
            id="field-FieldType"
            select
            label="Form Field Type"
            required
            value={types ? values.FieldType : ''}
            onChange={(e) => edit({ ...values, FieldType: e.target.value }, 'FieldType')}
            error={Boolean(errorOf('FieldType')) || typesFailed}
            helperText={typesFailed ? noticeText('Read', 'error') : errorOf('FieldType') ?? (reserved ? 'The type of a shipped field cannot change.' : ' ')}
            disabled={frozen || reserved || !types}
            fullWidth
          >
            {(types ?? []).map((t) => <MenuItem key={t.Id} value={t.Id}>{t.Name}</MenuItem>)}
          </TextField>
          {values.FieldType && (
            <AttributesSection
              typeLabel={typeLabel(values.FieldType)} attributes={attributes} failed={attributesFailed} values={values.AttributeValues}
              errorOf={errorOf} disabled={frozen} lookupLists={lookupLists}
              onChange={(name, v) => edit({ ...values, AttributeValues: { ...values.AttributeValues, [name]: v } }, `AttributeValues.${name}`)}
            />
          )}
          <ButtonBar set={mode === 'create' ? 'Create' : 'Update'} pristine={!dirty} busy={busy} inactive={false} readOnly={Boolean(readOnlyMessage) || converting !== null} onCancel={onDone} />
        </Stack>
      </Paper>
      <TypeChangeDialog preview={preview} labelOf={typeLabel} onConfirm={() => void save()} onClose={() => setPreview(null)} />
      <LeavePrompt shouldBlock={() => dirty && !leaving.current} />
    </Stack>
  );
}
