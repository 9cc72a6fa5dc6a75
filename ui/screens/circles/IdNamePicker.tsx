import { Autocomplete, TextField } from '@mui/material';
import type { IdName } from './circle-api.ts';

/**
 * The options with the chosen ones among them: what was saved may no longer be offered (a role made inactive, a
 * circle now a member), and a value outside the options is one the control cannot show.
 */
function withChosen(options: readonly IdName[], chosen: readonly IdName[]): IdName[] {
  const missing = chosen.filter((c) => !options.some((o) => o.Id === c.Id));
  return missing.length ? [...options, ...missing] : [...options];
}

export interface IdNamePickerProps {
  label: string;
  options: readonly IdName[];
  value: readonly IdName[];
  onChange: (next: IdName[]) => void;
  disabled?: boolean;
  loading?: boolean;
  error?: string;
  helperText?: string;
}

/** A searchable select-many of named things (roles), chosen as chips; typing narrows the list. */
export function IdNamePicker({ label, options, value, onChange, disabled, loading, error, helperText }: IdNamePickerProps) {
  return (
    <Autocomplete
      multiple
      options={withChosen(options, value)}
      value={[...value]}
      loading={loading}
      disabled={disabled}
      disableCloseOnSelect
      filterSelectedOptions
      getOptionLabel={(o) => o.Name}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      onChange={(_, next) => onChange(next)}
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? helperText} />}
    />
  );
}

export interface IdNameSelectProps {
  label: string;
  options: readonly IdName[];
  value: IdName | null;
  onChange: (next: IdName | null) => void;
  disabled?: boolean;
  error?: string;
  helperText?: string;
}

/** A searchable select of one named thing (an owner circle, a member circle); clearing it means none. */
export function IdNameSelect({ label, options, value, onChange, disabled, error, helperText }: IdNameSelectProps) {
  return (
    <Autocomplete
      options={withChosen(options, value ? [value] : [])}
      value={value}
      disabled={disabled}
      getOptionLabel={(o) => o.Name}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      onChange={(_, next) => onChange(next)}
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? helperText} />}
    />
  );
}
