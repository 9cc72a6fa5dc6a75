import { useMemo } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { FormattedTextField } from '../shared/FormattedTextField.tsx';
import { fieldLabel, fieldOptions } from '../shared/label.ts';
import { partErrors, RangeGroup } from '../shared/RangeGroup.tsx';
import { numberRangeKeys, rangeEndCodec, type NumberRangeOptions } from './logic.ts';

/**
 * Number range (ui:field "numberRange") over an object with a Start and an End number. Each end is a number input
 * (FormattedTextField): what is typed stays on screen as typed, a typo included, which is handed on to be reported.
 */
export function NumberRangeField(props: FieldProps) {
  const { formData, onChange, fieldPathId, required, disabled, readonly, rawErrors, errorSchema, uiSchema } = props;
  const options = fieldOptions<NumberRangeOptions>(uiSchema);
  const { start, end } = numberRangeKeys(options);
  const codec = useMemo(() => rangeEndCodec(options.pattern), [options.pattern]);
  const value = (formData ?? {}) as Record<string, unknown>;
  const input = (key: string, label: string) => {
    const errors = partErrors(errorSchema, key);
    return (
      <FormattedTextField<number>
        id={`${fieldPathId.$id}_${key}`}
        label={label}
        required={required}
        disabled={disabled}
        sx={{ flex: 1 }}
        codec={codec}
        value={value[key]}
        // An emptied end is left out of the range's object.
        emptyValue={undefined}
        error={errors.length > 0 || (rawErrors?.length ?? 0) > 0}
        helperText={errors.length ? errors.map((m) => <span key={m} style={{ display: 'block' }}>{m}</span>) : undefined}
        slotProps={{ input: { readOnly: readonly }, htmlInput: { inputMode: 'decimal', readOnly: readonly } }}
        onValueChange={(next) => onChange({ ...value, [key]: next }, fieldPathId.path)}
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
