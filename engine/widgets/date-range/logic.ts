import { message } from '../../core/messages.ts';
import { fromStoredDate } from '../date-picker/input.ts';
import { widgetMessages } from '../shared/messages.ts';
import type { RuleResult, WidgetRule } from '../shared/types.ts';

/** ui:options of a date range. */
export interface DateRangeOptions {
  startKey?: string;
  endKey?: string;
  /** Allow the end on the same moment as the start. */
  allowSameDay?: boolean;
  label?: string;
  datePicker?: Record<string, unknown>;
}

/** The property names of the two ends: StartDate and EndDate unless configured. */
export function rangeKeys(options: DateRangeOptions): { start: string; end: string } {
  return { start: options.startKey ?? 'StartDate', end: options.endKey ?? 'EndDate' };
}

/** The range's label: 'Display Date Range' unless configured. */
export function dateRangeLabel(options: DateRangeOptions, title?: string): string {
  return options.label ?? title ?? widgetMessages.dateRangeLabel;
}

/**
 * True when the ends are in order: the start before the end, or on or before it when same-day is
 * allowed. An end that is missing or not a date is not an ordering problem.
 */
export function isRangeOrdered(start: unknown, end: unknown, allowSameDay: boolean): boolean {
  const s = fromStoredDate(start);
  const e = fromStoredDate(end);
  if (!s || !e) return true;
  return allowSameDay ? s.getTime() <= e.getTime() : s.getTime() < e.getTime();
}

/** A date range: both ends when required, each a real date, and in order. */
export const dateRangeRule: WidgetRule<unknown, DateRangeOptions> = (value, { required, options }) => {
  const { start, end } = rangeKeys(options);
  const v = (value ?? {}) as Record<string, unknown>;
  const result: Record<string, string[]> = {};
  const add = (key: string, m: string) => (result[key] ??= []).push(m);
  for (const key of [start, end]) {
    const given = v[key] !== undefined && v[key] !== null && v[key] !== '';
    if (!given && required) add(key, message('required', [key === start ? 'Start Date' : 'End Date']));
    if (given && !fromStoredDate(v[key])) add(key, message('date', [key === start ? 'Start Date' : 'End Date']));
  }
  if (!isRangeOrdered(v[start], v[end], options.allowSameDay === true)) {
    add('', options.allowSameDay ? widgetMessages.dateRangeOrderSameDay : widgetMessages.dateRangeOrder);
  }
  return result as RuleResult;
};
