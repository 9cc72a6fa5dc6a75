import { message } from '../../core/messages.ts';
import { widgetMessages } from '../shared/messages.ts';
import type { WidgetRule } from '../shared/types.ts';

/** The default pattern of a number range's ends: a decimal number. */
export const DECIMAL_PATTERN = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** ui:options of a number range. */
export interface NumberRangeOptions { startKey?: string; endKey?: string; pattern?: string }

/** The property names of the two ends: Start and End unless configured. */
export function numberRangeKeys(options: NumberRangeOptions): { start: string; end: string } {
  return { start: options.startKey ?? 'Start', end: options.endKey ?? 'End' };
}

/** An end as typed: a number when it matches the pattern, otherwise the text itself (so it can be reported). */
export function parseRangeEnd(text: string, pattern: RegExp = DECIMAL_PATTERN): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return pattern.test(t) ? Number(t) : t;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * A number range: when required, both ends must be given, else 'The number range nust include at
 * least one number.' (as worded); each end must match the decimal pattern; the start may not
 * exceed the end.
 */
export const numberRangeRule: WidgetRule<unknown, NumberRangeOptions> = (value, { required, options }) => {
  const { start, end } = numberRangeKeys(options);
  const v = (value ?? {}) as Record<string, unknown>;
  const pattern = options.pattern ? new RegExp(options.pattern) : DECIMAL_PATTERN;
  const errors: Record<string, string[]> = {};
  if (required && (isEmpty(v[start]) || isEmpty(v[end]))) errors[''] = [widgetMessages.numberRangeRequired];
  for (const key of [start, end]) {
    if (!isEmpty(v[key]) && !pattern.test(String(v[key]))) errors[key] = [message('pattern', [key, 'decimal number'])];
  }
  if (typeof v[start] === 'number' && typeof v[end] === 'number' && v[start] > v[end]) {
    (errors[''] ??= []).push(message('minMax'));
  }
  return errors;
};
