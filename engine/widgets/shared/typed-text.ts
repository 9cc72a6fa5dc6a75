/**
 * What a formatted input makes of the text in it: nothing (blank), a value, or text it cannot read. A reader never
 * guesses: text that does not stand for exactly one value is invalid, and stays on screen as typed.
 */
export type Reading<V> = { kind: 'empty' } | { kind: 'value'; value: V } | { kind: 'invalid' };

/** How one kind of formatted input reads typed text and shows a value once the person has left the field. */
export interface TextCodec<V> {
  read(text: string): Reading<V>;
  /** The value as shown outside editing: $1,234.50, 12.50 %, (555) 123-4567, 12-3456789. */
  format(value: V): string;
  /** Whether a stored value already is a value of this input (a number for number inputs), shown without reading it. */
  accepts?(value: unknown): value is V;
}

export const blank: Reading<never> = { kind: 'empty' };
export const unreadable: Reading<never> = { kind: 'invalid' };
export const reading = <V>(value: V): Reading<V> => ({ kind: 'value', value });

/** The test of number inputs' stored values. */
export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * What the form is handed for a reading: the plain value; `emptyValue` for a blank; for text that cannot be read,
 * the text itself, so the form holds something its checks refuse (a typo is never saved as a blank or a guess).
 */
export function handedValue<V>(read: Reading<V>, text: string, emptyValue: null | undefined | ''): V | string | null | undefined {
  if (read.kind === 'value') return read.value;
  return read.kind === 'empty' ? emptyValue : text;
}

/** The text of a stored value: formatted when the codec reads it, otherwise as it is (a typo handed on as typed). */
export function shownText<V>(codec: TextCodec<V>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (codec.accepts?.(value)) return codec.format(value);
  const read = codec.read(String(value));
  return read.kind === 'value' ? codec.format(read.value) : String(value);
}
