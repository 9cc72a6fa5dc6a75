import type { FormEvent, ReactNode } from 'react';
import { Alert, Autocomplete, Box, Button, Divider, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { IdNamePicker } from '../../circles/IdNamePicker.tsx';
import type { ReportableField } from './builder-api.ts';
import type { BuilderChoices } from './useBuilderChoices.ts';
import { changeRow, type Draft, type PlacedErrors } from './builder-logic.ts';
import { BuilderFieldRows } from './BuilderFieldRows.tsx';
import { BuilderGroupChart } from './BuilderGroupChart.tsx';

export interface BuilderFormProps {
  draft: Draft;
  choices: BuilderChoices;
  errors: PlacedErrors;
  /** The chosen form's fields are being fetched. */
  loadingFields: boolean;
  readOnly: boolean;
  saving: boolean;
  onChange: (draft: Draft) => void;
  onFormChosen: (formId: number | null) => void;
  onSubmit: () => void;
  /** Shown beside Save (Back to the list). */
  actions?: ReactNode;
}

export type { ReportableField };

/** The builder's form: what the report is, the form it is on and its fields, grouping, chart and who may run it. */
export function BuilderForm({ draft, choices, errors, loadingFields, readOnly, saving, onChange, onFormChosen, onSubmit, actions }: BuilderFormProps) {
  const general = errors.general;
  const set = (change: Partial<Draft>) => onChange({ ...draft, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const roleOptions = (choices.roles ?? []).map((r) => ({ Id: r.RoleId, Name: r.Name }));
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Report">
      <fieldset disabled={readOnly || saving} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack spacing={2}>
          <TextField
            id="builder-name" label="Name" required value={draft.name} sx={{ maxWidth: 480 }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            error={Boolean(general.get('ReportDispName'))} helperText={general.get('ReportDispName')}
            onChange={(e) => set({ name: e.target.value })}
          />
          <Autocomplete
            freeSolo options={choices.categories} inputValue={draft.category} sx={{ maxWidth: 480 }}
            onInputChange={(_, value) => set({ category: value })}
            renderInput={(params) => (
              <TextField {...params} id="builder-category" label="Category" required
                error={Boolean(general.get('Category'))} helperText={general.get('Category') ?? 'The heading the report is listed under; a new one may be typed.'} />
            )}
          />
          <TextField
            id="builder-description" label="Description" multiline minRows={2} value={draft.description} sx={{ maxWidth: 720 }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            error={Boolean(general.get('Description'))} helperText={general.get('Description')}
            onChange={(e) => set({ description: e.target.value })}
          />
          <TextField
            select id="builder-form" label="Form" required value={draft.formId ?? ''} sx={{ maxWidth: 480 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            error={Boolean(general.get('FormId'))} helperText={general.get('FormId') ?? 'The built form whose records the report shows.'}
            onChange={(e) => onFormChosen(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Choose a form</option>
            {(choices.forms ?? []).map((f) => <option key={f.FormId} value={f.FormId}>{f.Name}</option>)}
          </TextField>
          {loadingFields && <LinearProgress aria-label="Loading the form's fields" />}
          {draft.rows.length > 0 && (
            <>
              <Divider />
              <Typography component="h2" variant="h6">Columns and filters</Typography>
              {general.get('Columns') && <Alert severity="error">{general.get('Columns')}</Alert>}
              {general.get('Filters') && <Alert severity="error">{general.get('Filters')}</Alert>}
              <BuilderFieldRows rows={draft.rows} errors={errors.rows} onChange={(field, change) => onChange(changeRow(draft, field, change))} />
              <Divider />
              <Typography component="h2" variant="h6">Grouping and chart</Typography>
              <BuilderGroupChart draft={draft} errors={general} onChange={set} />
            </>
          )}
          {choices.roles && (
            <Box sx={{ maxWidth: 720 }}>
              <IdNamePicker
                label="Roles who may run it" options={roleOptions}
                value={roleOptions.filter((r) => draft.roleIds.includes(r.Id))}
                onChange={(next) => set({ roleIds: next.map((r) => r.Id) })}
                error={general.get('RoleIds')} helperText="Each role chosen is given the report (and Reports, if it lacks it). Taking a role out here does not take the report from it: the role editor does."
              />
            </Box>
          )}
          {errors.unplaced.map((message) => <Alert key={message} severity="error">{message}</Alert>)}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={readOnly || saving}>Save</Button>
            {actions}
          </Stack>
        </Stack>
      </fieldset>
    </Box>
  );
}
