import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';
import { blank, reading, unreadable, type Reading, type TextCodec } from '../shared/typed-text.ts';
import { PHONE_MAX_LENGTH } from '../text/logic.ts';

/** The phone input strips non-digits. */
export function parsePhone(text: string): string {
  return text.replace(/\D/g, '').slice(0, PHONE_MAX_LENGTH);
}

/** Digits with the separators people write a phone number with: spaces, dots, dashes, parentheses, a leading '+'. */
const PHONE_TEXT = /^\+?[\d\s().-]+$/;

/**
 * Reads a phone number as typed or pasted ('(555) 123-4567', '555.123.4567', '+1 555 123 4567'): its digits, when
 * there are 10, or 11 with the country digit. A letter ('555-CALL-NOW') or a wrong count makes it invalid, kept as typed.
 */
export function readPhone(text: string): Reading<string> {
  const t = text.trim();
  if (!t) return blank;
  if (!PHONE_TEXT.test(t)) return unreadable;
  const digits = t.replace(/\D/g, '');
  return digits.length === 10 || digits.length === 11 ? reading(digits) : unreadable;
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

/** The phone input's reading and display. */
export const phoneCodec: TextCodec<string> = { read: readPhone, format: formatPhone };

/** A phone number, when given, has 10 digits, or 11 with a country digit, and no letters; at most 200 characters. */
export const phoneRule: WidgetRule = (value, { label, required }) => {
  const read = typeof value === 'string' ? readPhone(value) : value === null || value === undefined ? blank : unreadable;
  if (read.kind === 'empty') return required ? [message('required', [label])] : [];
  if (typeof value === 'string' && value.length > PHONE_MAX_LENGTH) return [message('textMaximum')];
  return read.kind === 'value' ? [] : [message('pattern', [label, 'phone number'])];
};
