import { message } from '../../core/messages.ts';
import { numberCodec } from '../number/logic.ts';
import { widgetMessages } from '../shared/messages.ts';
import { blank, reading, unreadable, type TextCodec } from '../shared/typed-text.ts';
import type { WidgetRule } from '../shared/types.ts';

/** The default pattern of a number range's ends: a decimal number. */
export const DECIMAL_PATTERN = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** ui:options of a number range. */
export interface NumberRangeOptions { startKey?: string; endKey?: string; pattern?: string }

/** The property names of the two ends: Start and End unless configured. */
export function numberRangeKeys(options: NumberRangeOptions): { start: string; end: string } {
  return { start: options.startKey ?? 'Start', end: options.endKey ?? 'End' };
}

/**
 * How an end is read as typed: as a number input reads it ('1,234.50' pasted is 1234.5), or, with a configured
 * pattern, the trimmed text when it matches the pattern and is a number. Anything else is kept as typed (and reported).
 */
export function rangeEndCodec(pattern?: string): TextCodec<number> {
  if (!pattern) return numberCodec;
  const test = new RegExp(pattern);
  return {
    ...numberCodec,
    read: (text) => {
      const t = text.trim();
      if (!t) return blank;
      return test.test(t) && Number.isFinite(Number(t)) ? reading(Number(t)) : unreadable;
    },
  };
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
