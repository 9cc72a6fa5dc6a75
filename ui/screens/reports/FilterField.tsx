import { Autocomplete, Box, FormHelperText, MenuItem, TextField, type AutocompleteRenderInputParams } from '@mui/material';
import { DatePickerControl } from '../../../engine/widgets/date-picker/DatePickerWidget.tsx';
import { resolveDatePickerConfig } from '../../../engine/widgets/date-picker/config.ts';
import { RangeGroup } from '../../../engine/widgets/shared/RangeGroup.tsx';
import type { FilterControl } from './filter-logic.ts';
import { ControlType, type ParameterOption, type ParamValue, type ReportParameter, type ReportParams } from './report-api.ts';

/** Dates are picked and shown MM/dd/yyyy (spec 3's constants); the value is yyyy-mm-dd. */
const dateConfig = resolveDatePickerConfig({ minView: 'day', startView: 'day' });

export interface FilterFieldProps {
  control: FilterControl;
  values: ReportParams;
  errors: Record<string, string>;
  onChange: (param: string, value: ParamValue) => void;
  optionsOf: (p: ReportParameter) => ParameterOption[];
  loaded: (p: ReportParameter) => boolean;
  parentsOf: (p: ReportParameter) => ReportParameter[];
}

const fieldId = (p: ReportParameter) => `report-filter-${p.Param}`;

/** The message under a filter (or its help text), tied to the input by aria-describedby. */
function Helper({ param, error }: { param: ReportParameter; error?: string }) {
  const text = error ?? (param.ShowHelpText && param.HelpText ? param.HelpText : null);
  if (!text) return null;
  return <FormHelperText id={`${fieldId(param)}-helper`} error={!!error}>{text}</FormHelperText>;
}

function DateFilter({ param, label, props }: { param: ReportParameter; label: string; props: FilterFieldProps }) {
  const error = props.errors[param.Param];
  return (
    <Box sx={{ flex: 1 }}>
      <DatePickerControl
        id={fieldId(param)}
        label={label}
        value={props.values[param.Param] || undefined}
        config={dateConfig}
        dateOnly
        required
        error={!!error}
        onChange={(v) => props.onChange(param.Param, v ?? '')}
      />
      <Helper param={param} error={error} />
    </Box>
  );
}

function SelectFilter({ param, props }: { param: ReportParameter; props: FilterFieldProps }) {
  const options = props.optionsOf(param);
  const error = props.errors[param.Param];
  const parents = props.parentsOf(param);
  const waiting = parents.length > 0 && !options.length && parents.some((p) => !props.values[p.Param]?.length);
  const hint = waiting ? `Choose ${parents.map((p) => p.Title).join(' and ')} first.` : undefined;
  const describedBy = error || hint || (param.ShowHelpText && param.HelpText) ? `${fieldId(param)}-helper` : undefined;
  // The searchable selects' input and the message under them, one and many alike.
  const renderInput = (input: AutocompleteRenderInputParams) => (
    <TextField {...input} label={param.Title} required error={!!error} size="small"
      slotProps={{ ...input.slotProps, htmlInput: { ...input.slotProps.htmlInput, 'aria-describedby': describedBy } }} />
  );
  const helper = error || !hint ? <Helper param={param} error={error} /> : <FormHelperText id={`${fieldId(param)}-helper`}>{hint}</FormHelperText>;
  if (param.ControlType === ControlType.SelectMany) {
    const ids = (props.values[param.Param] as string[] | undefined) ?? [];
    const chosen = ids.map((id) => options.find((o) => o.Value === id) ?? { Key: props.loaded(param) ? id : 'Please Wait...', Value: id });
    return (
      <Box>
        <Autocomplete
          multiple
          disableCloseOnSelect
          id={fieldId(param)}
          options={options}
          value={chosen}
          getOptionLabel={(o) => o.Key}
          isOptionEqualToValue={(a, b) => a.Value === b.Value}
          onChange={(_, picked) => props.onChange(param.Param, picked.map((o) => o.Value))}
          noOptionsText={hint ?? 'No options'}
          renderInput={renderInput}
        />
        {helper}
      </Box>
    );
  }
  const value = (props.values[param.Param] as string | undefined) ?? '';
  if (param.ShowFilter) {
    // ShowFilter: the select offers a search box over its options (a long list of users, say).
    return (
      <Box>
        <Autocomplete
          id={fieldId(param)}
          options={options}
          value={options.find((o) => o.Value === value) ?? null}
          getOptionLabel={(o) => o.Key}
          isOptionEqualToValue={(a, b) => a.Value === b.Value}
          onChange={(_, picked) => props.onChange(param.Param, picked?.Value ?? '')}
          noOptionsText={hint ?? 'No options'}
          renderInput={renderInput}
        />
        {helper}
      </Box>
    );
  }
  return (
    <TextField
      id={fieldId(param)}
      select
      fullWidth
      size="small"
      label={param.Title}
      required
      error={!!error}
      value={options.some((o) => o.Value === value) ? value : ''}
      onChange={(e) => props.onChange(param.Param, e.target.value)}
      helperText={error ?? hint ?? (param.ShowHelpText ? param.HelpText : undefined)}
      slotProps={{ formHelperText: { id: `${fieldId(param)}-helper` } }}
    >
      <MenuItem value=""><em>Please Select</em></MenuItem>
      {options.map((o) => <MenuItem key={o.Value} value={o.Value}>{o.Key}</MenuItem>)}
    </TextField>
  );
}

/** A range's label: its parameters' title when they share one, else its group key in words ('period': 'Period'). */
function rangeLabel(control: Extract<FilterControl, { kind: 'range' }>): string {
  if (control.start.Title === control.end.Title) return control.start.Title;
  const words = control.key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One control of the filter form, drawn by the parameter's ControlType (a range as its From/To pair). */
export function FilterField(props: FilterFieldProps) {
  const { control } = props;
  if (control.kind === 'range') {
    const failing = !!(props.errors[control.start.Param] || props.errors[control.end.Param]);
    return (
      <RangeGroup label={rangeLabel(control)} required error={failing}>
        <DateFilter param={control.start} label="From" props={props} />
        <DateFilter param={control.end} label="To" props={props} />
      </RangeGroup>
    );
  }
  const { param } = control;
  switch (param.ControlType) {
    case ControlType.DatePicker:
    case ControlType.DateRange:
      return <DateFilter param={param} label={param.Title} props={props} />;
    case ControlType.SelectOne:
    case ControlType.SelectMany:
      return <SelectFilter param={param} props={props} />;
    default: {
      // Text box, text area, and rich text as a plain text area: a filter's text is a search term, not a document.
      const error = props.errors[param.Param];
      const multiline = param.ControlType === ControlType.TextArea || param.ControlType === ControlType.RichText;
      return (
        <TextField
          id={fieldId(param)}
          fullWidth
          size="small"
          label={param.Title}
          required
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          error={!!error}
          value={(props.values[param.Param] as string | undefined) ?? ''}
          onChange={(e) => props.onChange(param.Param, e.target.value)}
          helperText={error ?? (param.ShowHelpText ? param.HelpText : undefined)}
        />
      );
    }
  }
}
