import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';
import { blank, reading, unreadable, type Reading, type TextCodec } from '../shared/typed-text.ts';

/** An EIN has nine digits. */
export const EIN_DIGITS = 9;

/** Keeps digits only (at most nine). */
export function parseEin(text: string): string {
  return text.replace(/\D/g, '').slice(0, EIN_DIGITS);
}

/** Reads an EIN as typed or pasted ('12-3456789', '123456789'): its nine digits; anything else is invalid, kept as typed. */
export function readEin(text: string): Reading<string> {
  const t = text.trim();
  if (!t) return blank;
  if (!/^[\d\s-]+$/.test(t)) return unreadable;
  const digits = t.replace(/\D/g, '');
  return digits.length === EIN_DIGITS ? reading(digits) : unreadable;
}

/** An EIN for display: 2 digits, a dash, 7 digits (12-3456789); partial input shows as typed. */
export function formatEin(digits: string | null | undefined): string {
  const d = parseEin(digits ?? '');
  return d.length > 2 ? `${d.slice(0, 2)}-${d.slice(2)}` : d;
}

/** The EIN input's reading and display. */
export const einCodec: TextCodec<string> = { read: readEin, format: formatEin };

/** An EIN, when given, has all nine digits (a dash between the second and third is allowed); required means given. */
export const einRule: WidgetRule = (value, { label, required }) => {
  const read = typeof value === 'string' ? readEin(value) : value === null || value === undefined ? blank : unreadable;
  if (read.kind === 'empty') return required ? [message('required', [label])] : [];
  return read.kind === 'value' ? [] : [message('pattern', [label, 'EIN'])];
};
