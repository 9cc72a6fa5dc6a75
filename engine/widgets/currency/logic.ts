import { message } from '../../core/messages.ts';
import type { RuleContext, WidgetRule } from '../shared/types.ts';
import { widgetMessages } from '../shared/messages.ts';
import { decimalsOf, readNumberText } from '../shared/number-text.ts';
import { isFiniteNumber, type Reading, type TextCodec } from '../shared/typed-text.ts';

/**
 * Reads an amount as typed or pasted: '$1,234.50', '1234.5', '-$7', and '($1,234.50)' negative, as accountants write
 * it. Text that is not exactly one amount ('12abc', '1 234,50') is invalid, never some other amount.
 */
export function readAmount(text: string): Reading<number> {
  return readNumberText(text, { symbol: '$', parentheses: true });
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', currencySign: 'accounting' });

/**
 * An amount for display: USD with two decimals and thousands separators, negatives in
 * parentheses. Only USD is supported; any other currency gives 'Invalid Currency'.
 */
export function formatCurrency(value: number | null | undefined, currency = 'USD'): string {
  if (currency !== 'USD') return widgetMessages.invalidCurrency;
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return usd.format(value);
}

/**
 * An amount as its input shows it once left: as formatCurrency, but a digit typed past the cents stays in sight
 * ($80.125, beside its error) instead of being rounded away on screen while the form holds another number.
 */
export function currencyText(value: number, currency = 'USD'): string {
  const decimals = decimalsOf(value);
  if (currency !== 'USD' || decimals <= 2) return formatCurrency(value, currency);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', currencySign: 'accounting', maximumFractionDigits: decimals }).format(value);
}

/** The currency input's reading and display. */
export function currencyCodec(currency = 'USD'): TextCodec<number> {
  return { read: readAmount, format: (value) => currencyText(value, currency), accepts: isFiniteNumber };
}

/**
 * The rule of a number input named by `what` ('currency amount'): required means a number was given (0 counts);
 * anything but a number (text the input could not read) gives 'Must be a valid {what}.'.
 */
export function numberInputRule(what: string): WidgetRule {
  return (value: unknown, { label, required }: RuleContext) => {
    if (value === null || value === undefined || value === '') return required ? [message('required', [label])] : [];
    return typeof value === 'number' && Number.isFinite(value) ? [] : [message('pattern', [label, what])];
  };
}

/** A currency amount: required means given (0 counts as given); text that is not an amount is refused. */
export const amountRule = numberInputRule('currency amount');
