/** The views of the date picker, smallest first: a view may only start at or above the smallest one. */
export const DATE_VIEWS = ['minute', 'hour', 'day', 'month', 'year'] as const;

/** One view of the date picker. */
export type DateView = (typeof DATE_VIEWS)[number];

/** How the control is used: a form picker, or a compact filter in a grid. */
export type DateControlType = 'picker' | 'filter';

/** The date picker's configuration (spec 3 section 9 defaults). */
export interface DatePickerConfig {
  minuteStep: number;
  minView: DateView;
  startView: DateView;
  /** First day of the week, 0 = Sunday. */
  weekStart: number;
  controlType: DateControlType;
  /** Round chosen minutes to 0 or 30. */
  roundMinutes: boolean;
}

/** minuteStep 5, minView minute, startView day, weekStart 0 (Sunday), a picker, no rounding. */
export const defaultDatePickerConfig: DatePickerConfig = {
  minuteStep: 5,
  minView: 'minute',
  startView: 'day',
  weekStart: 0,
  controlType: 'picker',
  roundMinutes: false,
};

const known = new Set(Object.keys(defaultDatePickerConfig));
const isView = (v: unknown): v is DateView => DATE_VIEWS.includes(v as DateView);

/**
 * The problems of a configuration: unknown option names; minuteStep numeric, above 0 and below
 * 60; weekStart 0 to 6; views one of minute, hour, day, month, year; startView no smaller than
 * minView; controlType picker or filter.
 */
export function datePickerConfigErrors(config: Record<string, unknown>): string[] {
  const errors = Object.keys(config).filter((k) => !known.has(k)).map((k) => `Unknown date picker option: ${k}`);
  const merged = { ...defaultDatePickerConfig, ...config } as Record<string, unknown>;
  const step = merged.minuteStep;
  if (typeof step !== 'number' || !Number.isFinite(step) || step <= 0 || step >= 60) {
    errors.push('minuteStep must be a number above 0 and below 60.');
  }
  const week = merged.weekStart;
  if (typeof week !== 'number' || !Number.isInteger(week) || week < 0 || week > 6) {
    errors.push('weekStart must be a whole number from 0 to 6.');
  }
  for (const key of ['minView', 'startView'] as const) {
    if (!isView(merged[key])) errors.push(`${key} must be one of ${DATE_VIEWS.join(', ')}.`);
  }
  if (isView(merged.minView) && isView(merged.startView) && DATE_VIEWS.indexOf(merged.startView) < DATE_VIEWS.indexOf(merged.minView)) {
    errors.push('startView must not be smaller than minView.');
  }
  if (merged.controlType !== 'picker' && merged.controlType !== 'filter') errors.push('controlType must be picker or filter.');
  if (typeof merged.roundMinutes !== 'boolean') errors.push('roundMinutes must be a boolean.');
  return errors;
}

/**
 * The configuration with defaults filled in. A wrong configuration is a mistake in the metadata,
 * not in the user's input, so it raises an error naming every problem instead of guessing.
 */
export function resolveDatePickerConfig(config: Record<string, unknown> = {}): DatePickerConfig {
  const errors = datePickerConfigErrors(config);
  if (errors.length) throw new Error(`Invalid date picker configuration: ${errors.join(' ')}`);
  return { ...defaultDatePickerConfig, ...config } as DatePickerConfig;
}

/** The views offered, largest first, from year down to the smallest view. */
export function viewsFor(minView: DateView): DateView[] {
  return DATE_VIEWS.slice(DATE_VIEWS.indexOf(minView)).reverse();
}
