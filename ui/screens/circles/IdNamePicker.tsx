import { Autocomplete, TextField } from '@mui/material';
import type { IdName } from './circle-api.ts';

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
      options={options}
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
      options={options}
      value={value}
      disabled={disabled}
      getOptionLabel={(o) => o.Name}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      onChange={(_, next) => onChange(next)}
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? helperText} />}
    />
  );
}
