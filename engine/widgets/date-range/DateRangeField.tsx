import { useMemo } from 'react';
import { Box, FormHelperText } from '@mui/material';
import type { FieldProps } from '@rjsf/utils';
import { DatePickerControl } from '../date-picker/DatePickerWidget.tsx';
import { resolveDatePickerConfig } from '../date-picker/config.ts';
import { fieldOptions } from '../shared/label.ts';
import { partErrors, RangeGroup } from '../shared/RangeGroup.tsx';
import { dateRangeLabel, rangeKeys, type DateRangeOptions } from './logic.ts';

/**
 * Date range (ui:field "dateRange") over an object with a start and an end date (StartDate and
 * EndDate unless ui:options name others), labelled 'Display Date Range' by default.
 */
export function DateRangeField(props: FieldProps) {
  const { formData, onChange, fieldPathId, required, disabled, readonly, rawErrors, errorSchema, uiSchema, schema } = props;
  const options = fieldOptions<DateRangeOptions>(uiSchema);
  const { start, end } = rangeKeys(options);
  const config = useMemo(() => resolveDatePickerConfig(options.datePicker ?? {}), [options.datePicker]);
  const value = (formData ?? {}) as Record<string, unknown>;
  const dateOnly = (schema.properties?.[start] as { format?: string } | undefined)?.format === 'date';
  const end$ = (key: string, label: string) => {
    const errors = partErrors(errorSchema, key);
    return (
      <Box sx={{ flex: 1 }}>
        <DatePickerControl
          id={`${fieldPathId.$id}_${key}`}
          label={label}
          value={value[key]}
          config={config}
          dateOnly={dateOnly}
          required={required}
          disabled={disabled}
          readOnly={readonly}
          error={errors.length > 0 || (rawErrors?.length ?? 0) > 0}
          onChange={(v) => onChange({ ...value, [key]: v }, fieldPathId.path)}
        />
        {errors.map((m) => (
          <FormHelperText key={m} error>{m}</FormHelperText>
        ))}
      </Box>
    );
  };
  return (
    <RangeGroup label={dateRangeLabel(options, schema.title)} required={required} error={(rawErrors?.length ?? 0) > 0}>
      {end$(start, 'Start Date')}
      {end$(end, 'End Date')}
    </RangeGroup>
  );
}
