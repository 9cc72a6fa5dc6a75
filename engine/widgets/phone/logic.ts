import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';
import { PHONE_MAX_LENGTH } from '../text/logic.ts';

/** The phone input strips non-digits. */
export function parsePhone(text: string): string {
  return text.replace(/\D/g, '').slice(0, PHONE_MAX_LENGTH);
}

/**
 * A phone number for display: 10 digits as (xxx) xxx-xxxx; 11 digits as the leading country digit
 * then (xxx) xxx-xxxx; anything else as its digits.
 */
export function formatPhone(digits: string | null | undefined): string {
  const d = parsePhone(digits ?? '');
  const local = (x: string) => `(${x.slice(0, 3)}) ${x.slice(3, 6)}-${x.slice(6)}`;
  if (d.length === 10) return local(d);
  if (d.length === 11) return `${d[0]} ${local(d.slice(1))}`;
  return d;
}

/** A phone number, when given, has 10 digits, or 11 with a country digit; at most 200 characters. */
export const phoneRule: WidgetRule = (value, { label, required }) => {
  const digits = typeof value === 'string' ? parsePhone(value) : '';
  if (!digits) return required ? [message('required', [label])] : [];
  if (typeof value === 'string' && value.length > PHONE_MAX_LENGTH) return [message('textMaximum')];
  return digits.length === 10 || digits.length === 11 ? [] : [message('pattern', [label, 'phone number'])];
};
