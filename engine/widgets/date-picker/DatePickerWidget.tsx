import { useMemo, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { startOfDay } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { resolveDatePickerConfig, viewsFor, type DatePickerConfig, type DateView } from './config.ts';
import { fromStoredDate, MAX_YEAR, roundToHalfHour, toStoredDate } from './input.ts';
import { emptyValueOf } from '../shared/empty-value.ts';

/** Marks typed input that is not (yet) a real date, so the form's date rule reports it. */
export const INVALID_DATE_VALUE = 'invalid';

const muiView = { minute: 'minutes', hour: 'hours', day: 'day', month: 'month', year: 'year' } as const;
const displayFormat: Record<DateView, string> = {
  minute: 'MM/dd/yyyy hh:mm a',
  hour: 'MM/dd/yyyy hh a',
  day: 'MM/dd/yyyy',
  month: 'MM/yyyy',
  year: 'yyyy',
};
const earliest = new Date(2000, 0, 1);
earliest.setFullYear(1, 0, 1);
const latest = new Date(MAX_YEAR, 11, 31, 23, 59);

/** Props of the picker itself, shared by the widget and the date range field. */
export interface DatePickerControlProps {
  id: string;
  label?: string;
  value: unknown;
  onChange: (value: string | undefined) => void;
  config: DatePickerConfig;
  dateOnly: boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  onBlur?: () => void;
  onFocus?: () => void;
}

/**
 * The MUI X picker configured by the spec's options: minute step, smallest and starting view,
 * first day of the week, optional half-hour rounding; years stop at 9000. Typing is by sections
 * (month, day, year, ...), so a month over 12 or a day past the month's end cannot be entered.
 */
export function DatePickerControl(props: DatePickerControlProps) {
  const { id, label, value, onChange, config, dateOnly, required, disabled, readOnly, error, onBlur, onFocus } = props;
  const locale = useMemo(() => ({ ...enUS, options: { ...enUS.options, weekStartsOn: config.weekStart as 0 } }), [config.weekStart]);
  // The picker keeps its own draft while a date is half typed; the form only hears complete dates.
  const [draft, setDraft] = useState<Date | null>(() => fromStoredDate(value));
  const emitted = useRef<unknown>(value);
  if (value !== emitted.current) {
    emitted.current = value;
    if (value !== INVALID_DATE_VALUE) setDraft(fromStoredDate(value));
  }
  const handle = (date: Date | null) => {
    setDraft(date);
    let next: string | undefined;
    if (date === null) next = undefined;
    else if (Number.isNaN(date.getTime())) next = INVALID_DATE_VALUE;
    else next = toStoredDate(config.roundMinutes ? roundToHalfHour(date) : date, dateOnly);
    emitted.current = next;
    onChange(next);
  };
  const views = viewsFor(config.minView);
  const withTime = views.includes('hour') || views.includes('minute');
  const common = {
    value: draft,
    onChange: handle,
    label,
    disabled,
    readOnly,
    // Picking a day with no time yet gives 00:00 (the spec's default hours 0), not the current time.
    referenceDate: startOfDay(new Date()),
    minDate: earliest,
    maxDate: latest,
    openTo: muiView[config.startView],
    format: displayFormat[config.minView],
    slotProps: {
      textField: {
        id,
        required,
        error,
        fullWidth: config.controlType === 'picker',
        size: 'small' as const,
        onBlur,
        onFocus,
      },
      field: { clearable: config.controlType === 'filter' },
      // The pop-up calendar is a dialog named by a label id of MUI's own, which our field's id replaces: name it here.
      popper: { 'aria-label': label ? `Choose ${label}` : 'Choose date' },
    },
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={locale}>
      {withTime ? (
        <DateTimePicker
          {...common}
          views={views.map((v) => muiView[v])}
          timeSteps={{ minutes: config.roundMinutes ? 30 : config.minuteStep }}
        />
      ) : (
        <DatePicker
          {...common}
          openTo={muiView[config.startView] as 'year' | 'month' | 'day'}
          views={views.map((v) => muiView[v] as 'year' | 'month' | 'day')}
        />
      )}
    </LocalizationProvider>
  );
}

/**
 * Date picker (ui:widget "date"): ui:options.datePicker holds the configuration (minuteStep,
 * minView, startView, weekStart, controlType, roundMinutes), validated when the form renders. The
 * value is an ISO string in UTC, or yyyy-MM-dd when the schema's format is "date".
 */
export function DatePickerWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, rawErrors, schema } = props;
  const config = useMemo(
    () => resolveDatePickerConfig((props.options.datePicker as Record<string, unknown> | undefined) ?? {}),
    [props.options.datePicker],
  );
  const dateOnly = schema.format === 'date';
  return (
    <DatePickerControl
      id={id}
      label={hideLabel ? undefined : label}
      value={value}
      // Cleared, an optional date that may be null hands on null (left out, an update would keep the old date).
      onChange={(v) => onChange(v === undefined ? emptyValueOf(schema, required, props.options) : v)}
      config={dateOnly && viewsFor(config.minView).includes('hour') ? { ...config, minView: 'day' } : config}
      dateOnly={dateOnly}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      error={(rawErrors?.length ?? 0) > 0}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
