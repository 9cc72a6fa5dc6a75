import { numberInputRule } from '../currency/logic.ts';
import { decimalsOf, readNumberText } from '../shared/number-text.ts';
import { isFiniteNumber, type Reading, type TextCodec } from '../shared/typed-text.ts';

/** Percent shows two decimals unless a field says otherwise. */
export const PERCENT_DECIMALS = 2;

/** Reads a percentage as typed: '12.5', '12.5%', '12.5 %', '-3' or '(3)'; '12,5' is invalid, not 125. */
export function readPercentage(text: string): Reading<number> {
  return readNumberText(text, { suffix: '%', parentheses: true });
}

/** A percentage for display: fixed decimals and the ' %' suffix of the spec's percentage filter. */
export function formatPercentage(value: number | null | undefined, decimals = PERCENT_DECIMALS): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `${value.toFixed(decimals)} %`;
}

/** A percentage as its input shows it once left: as formatPercentage, without rounding away a digit typed past `decimals`. */
export function percentageText(value: number, decimals = PERCENT_DECIMALS): string {
  return formatPercentage(value, Math.max(decimals, decimalsOf(value)));
}

/** The percentage input's reading and display. */
export function percentageCodec(decimals = PERCENT_DECIMALS): TextCodec<number> {
  return { read: readPercentage, format: (value) => percentageText(value, decimals), accepts: isFiniteNumber };
}

/** A percentage: required means given (0 counts); text that is not a number is refused. */
export const percentageRule = numberInputRule('percentage');
