import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';

/** An EIN has nine digits. */
export const EIN_DIGITS = 9;

/** Keeps digits only (at most nine): an EIN input accepts nothing else. */
export function parseEin(text: string): string {
  return text.replace(/\D/g, '').slice(0, EIN_DIGITS);
}

/** An EIN for display: 2 digits, a dash, 7 digits (12-3456789); partial input shows as typed. */
export function formatEin(digits: string | null | undefined): string {
  const d = parseEin(digits ?? '');
  return d.length > 2 ? `${d.slice(0, 2)}-${d.slice(2)}` : d;
}

/** An EIN, when given, has all nine digits; required means given. */
export const einRule: WidgetRule = (value, { label, required }) => {
  const digits = typeof value === 'string' ? parseEin(value) : '';
  if (!digits) return required ? [message('required', [label])] : [];
  return digits.length === EIN_DIGITS ? [] : [message('pattern', [label, 'EIN'])];
};
