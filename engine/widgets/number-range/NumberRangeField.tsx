import { useState } from 'react';
import { TextField } from '@mui/material';
import type { FieldProps } from '@rjsf/utils';
import { fieldLabel, fieldOptions } from '../shared/label.ts';
import { partErrors, RangeGroup } from '../shared/RangeGroup.tsx';
import { numberRangeKeys, parseRangeEnd, type NumberRangeOptions } from './logic.ts';

/** Number range (ui:field "numberRange") over an object with a Start and an End number. */
export function NumberRangeField(props: FieldProps) {
  const { formData, onChange, fieldPathId, required, disabled, readonly, rawErrors, errorSchema, uiSchema } = props;
  const options = fieldOptions<NumberRangeOptions>(uiSchema);
  const { start, end } = numberRangeKeys(options);
  const value = (formData ?? {}) as Record<string, unknown>;
  // The typed text is kept so '1.' or '-' stay on screen while the number is being written.
  const [texts, setTexts] = useState<Record<string, string>>({});
  const input = (key: string, label: string) => {
    const errors = partErrors(errorSchema, key);
    return (
      <TextField
        id={`${fieldPathId.$id}_${key}`}
        label={label}
        required={required}
        disabled={disabled}
        sx={{ flex: 1 }}
        value={texts[key] ?? (value[key] === undefined || value[key] === null ? '' : String(value[key]))}
        error={errors.length > 0 || (rawErrors?.length ?? 0) > 0}
        helperText={errors.length ? errors.map((m) => <span key={m} style={{ display: 'block' }}>{m}</span>) : undefined}
        slotProps={{ htmlInput: { inputMode: 'decimal', readOnly: readonly } }}
        onChange={(e) => {
          setTexts({ ...texts, [key]: e.target.value });
          onChange({ ...value, [key]: parseRangeEnd(e.target.value) }, fieldPathId.path);
        }}
        onBlur={() => setTexts({})}
      />
    );
  };
  return (
    <RangeGroup label={fieldLabel(props)} required={required} error={(rawErrors?.length ?? 0) > 0}>
      {input(start, 'From')}
      {input(end, 'To')}
    </RangeGroup>
  );
}
