import { MenuItem, Stack, TextField } from '@mui/material';
import type { Choice } from './simple-lookup-api.ts';

/** A selector's value for 'no choice' (spec 2: an Id of -1 or lower is no real choice). */
export const noChoice = -1;

interface SelectorProps {
  label: string;
  choices: Choice[] | null;
  value: number;
  disabled: boolean;
  onChange: (id: number) => void;
}

function Selector({ label, choices, value, disabled, onChange }: SelectorProps) {
  const known = choices?.some((c) => c.Id === value) ? value : noChoice;
  return (
    <TextField
      select
      label={label}
      value={known}
      disabled={disabled || !choices}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 260, flex: 1 }}
      size="small"
      helperText={choices === null ? 'Loading, please wait...' : undefined}
    >
      <MenuItem value={noChoice}><em>Please Select...</em></MenuItem>
      {(choices ?? []).map((c) => <MenuItem key={c.Id} value={c.Id}>{c.Name}</MenuItem>)}
    </TextField>
  );
}

export interface LookupSelectorsProps {
  forms: Choice[] | null;
  lists: Choice[] | null;
  formId: number;
  tableId: number;
  disabled: boolean;
  onForm: (id: number) => void;
  onList: (id: number) => void;
}

/** The two dependent selectors of /simpleLookup: a form (or 'All lists'), then one of its lists. */
export function LookupSelectors({ forms, lists, formId, tableId, disabled, onForm, onList }: LookupSelectorsProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Selector label="Form" choices={forms} value={formId} disabled={disabled} onChange={onForm} />
      <Selector label="List" choices={formId > noChoice ? lists : []} value={tableId} disabled={disabled || formId <= noChoice} onChange={onList} />
    </Stack>
  );
}
