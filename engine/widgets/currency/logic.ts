import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';
import { widgetMessages } from '../shared/messages.ts';

/**
 * Reads an amount as typed: every character that is not a digit or the first decimal point is
 * dropped, and parentheses (or a minus sign) make it negative, as accountants write it. Nothing
 * numeric gives null, an empty field.
 */
export function parseAmount(text: string): number | null {
  const negative = /\(.*\)/.test(text) || text.trim().startsWith('-');
  const [whole, ...rest] = text.replace(/[^\d.]/g, '').split('.');
  const digits = rest.length ? `${whole}.${rest.join('')}` : whole;
  if (!/\d/.test(digits)) return null;
  const value = Number(digits);
  return negative && value !== 0 ? -value : value;
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

/** The amount as the user edits it: plain digits, a minus for negatives, no separators. */
export function currencyEditText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Required means an amount was given (0 counts as given). */
export const amountRule: WidgetRule = (value, { label, required }) =>
  required && (typeof value !== 'number' || !Number.isFinite(value)) ? [message('required', [label])] : [];
