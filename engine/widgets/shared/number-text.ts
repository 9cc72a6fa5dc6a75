import { blank, reading, unreadable, type Reading } from './typed-text.ts';

/** What a number's text may carry besides the number: a leading '$', a trailing '%', parentheses for negative. */
export interface NumberTextOptions {
  symbol?: '$';
  suffix?: '%';
  /** Accountants' negatives: (1,234.50). */
  parentheses?: boolean;
}

// Beyond 15 significant digits a double no longer holds every digit typed: such a number would be saved altered.
const MAX_SIGNIFICANT_DIGITS = 15;
const SIGN = /^[-+\u2212]$/;
const plainWhole = /^\d*$/;
// Thousands separators (a comma, or a space) only between groups of exactly three digits, one kind per number.
const groupedWhole = /^\d{1,3}(?:(?:,\d{3})+|(?: \d{3})+)$/;

/** The digits that carry the number's value (leading zeros of the whole part and trailing zeros of the fraction do not). */
function significantDigits(whole: string, fraction: string): number {
  return `${whole}${fraction}`.replace(/^0+/, '').replace(/0+$/, '').length || 1;
}

/** The unsigned number of '1,234.50' or '.5'; null when it is not exactly one number. */
function unsignedNumber(text: string): number | null {
  const parts = text.split('.');
  if (parts.length > 2) return null;
  const [whole, fraction = ''] = parts;
  if (!plainWhole.test(whole) && !groupedWhole.test(whole)) return null;
  if (!/^\d*$/.test(fraction)) return null;
  const digits = whole.replace(/[, ]/g, '');
  if (!digits && !fraction) return null;
  if (significantDigits(digits, fraction) > MAX_SIGNIFICANT_DIGITS) return null;
  return Number(`${digits || '0'}.${fraction || '0'}`);
}

/**
 * Reads a number as a person types or pastes it in a US form: '1234.5', '1,234.50', '$1,234.50', '-$5', '($1,234.50)',
 * '12.5 %'. The format's own characters are dropped (the spec's "strip non-numeric characters"); anything else (a
 * letter, a second decimal point, a comma that is not a thousands separator as in '1 234,50') makes the text invalid
 * rather than becoming some other number. Blank text is empty.
 */
export function readNumberText(text: string, options: NumberTextOptions = {}): Reading<number> {
  let rest = text.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (!rest) return blank;
  let negative = false;
  if (options.parentheses && rest.startsWith('(') && rest.endsWith(')')) {
    rest = rest.slice(1, -1).trim();
    negative = true;
  }
  if (options.suffix && rest.endsWith(options.suffix)) rest = rest.slice(0, -options.suffix.length).trim();
  // A sign and the currency symbol, in either order: '-$5', '$-5'.
  const leading: string[] = [];
  while (rest && (SIGN.test(rest[0]) || (options.symbol && rest[0] === options.symbol))) {
    leading.push(rest[0]);
    rest = rest.slice(1).trimStart();
  }
  const signs = leading.filter((c) => SIGN.test(c));
  const symbols = leading.length - signs.length;
  if (signs.length > 1 || symbols > 1 || (signs.length && negative)) return unreadable;
  if (signs[0] === '-' || signs[0] === '\u2212') negative = true;
  const value = unsignedNumber(rest);
  if (value === null) return unreadable;
  return reading(negative && value !== 0 ? -value : value);
}

/** The number of decimals a value has as written shortest (0.1 has one, 80 none, 1e-7 seven), at most 20. */
export function decimalsOf(value: number): number {
  const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.min(20, Math.max(0, fraction - Number(exponent)));
}
