import { isUsDate } from '../dates/us-date.ts';

/** The largest value an INTEGER field holds (spec 3 section 9). */
export const MAX_INTEGER = 2147483647;
/** The smallest value a 32-bit integer column holds; below it the database would refuse the value. */
export const MIN_INTEGER = -2147483648;

/** A string format of the specification: its test and the human name shown in 'Must be a valid {1}.'. */
export interface SpecFormat {
  label: string;
  test: (value: string) => boolean;
}

const matches = (pattern: RegExp) => (value: string) => pattern.test(value);

const money = String.raw`\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?`;
// A US number: optional leading 1, then 3-3-4 digits with the usual separators or none.
const usPhone = String.raw`(?:\+?1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}`;

/**
 * The shared patterns of spec 1 section 5, as ajv string formats. Names are what a schema writes
 * in `format`. `email` and `url` are ajv-formats' own (already registered); only their names live here.
 */
export const specFormats = {
  /** 1234.5, -1,234.56, $1,234.56, ($1,234.56) (parentheses mean negative); at most two decimals. */
  currency: { label: 'currency amount', test: matches(new RegExp(`^(?:-?${money}|\\(${money}\\))$`)) },
  /** Whole numbers from -2147483648 to 2147483647. */
  integer: { label: 'integer', test: (v) => /^-?\d+$/.test(v) && Number(v) <= MAX_INTEGER && Number(v) >= MIN_INTEGER },
  decimal: { label: 'decimal number', test: matches(/^-?(?:\d+(?:\.\d+)?|\.\d+)$/) },
  twoDecimal: { label: 'number with no more than two decimal places', test: matches(/^-?(?:\d+(?:\.\d{1,2})?|\.\d{1,2})$/) },
  /** Letters, with spaces between words. */
  alphabetical: { label: 'alphabetical value', test: matches(/^[A-Za-z]+(?: [A-Za-z]+)*$/) },
  /** Letters and digits, with spaces between words. */
  alphanumeric: { label: 'alphanumeric value', test: matches(/^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/) },
  numericString: { label: 'numeric value', test: matches(/^\d+$/) },
  password: {
    label: 'password of at least 8 characters with at least one letter and one number',
    test: matches(/^(?=.*[A-Za-z])(?=.*\d).{8,}$/s),
  },
  usPhone: { label: 'US phone number', test: matches(new RegExp(`^${usPhone}$`)) },
  phoneWithExtension: {
    label: 'phone number with extension',
    test: matches(new RegExp(String.raw`^${usPhone}(?:\s*(?:x|ext\.?|extension)\s*\d{1,20})?$`, 'i')),
  },
  /** 5 digits, or 5+4 as 12345-6789. */
  zip: { label: 'zip code', test: matches(/^\d{5}(?:-\d{4})?$/) },
  /** 1 to 20 characters: letters and digits, single spaces or hyphens between groups (K1A 0B1). */
  postalCode: { label: 'postal code', test: matches(/^(?=.{1,20}$)[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/) },
  /** Employer Identification Number: 2 digits, optional dash, 7 digits. */
  ein: { label: 'EIN', test: matches(/^\d{2}-?\d{7}$/) },
  usDate: { label: 'date (mm/dd/yyyy)', test: (v) => isUsDate(v, 'usDate') },
  usDateTime: { label: 'date and time (mm/dd/yyyy hh:mm AM/PM)', test: (v) => isUsDate(v, 'usDateTime') },
  usDateTime24: { label: 'date and time (mm/dd/yyyy HH:mm)', test: (v) => isUsDate(v, 'usDateTime24') },
} satisfies Record<string, SpecFormat>;

export type SpecFormatName = keyof typeof specFormats;

/** Formats whose failure reads '{0} is not a valid date.' rather than 'Must be a valid {1}.'. */
export const dateFormats: ReadonlySet<string> = new Set(['usDate', 'usDateTime', 'usDateTime24', 'date', 'date-time', 'iso-date-time']);

/** Human names for formats other than ours (ajv-formats), for 'Must be a valid {1}.'. */
const otherFormatLabels: Record<string, string> = {
  email: 'e-mail address',
  url: 'URL',
  uri: 'URI',
  uuid: 'identifier',
  int32: 'integer',
  time: 'time',
  ipv4: 'IP address',
  ipv6: 'IP address',
  hostname: 'host name',
};

/** The human name of a format; an unknown name reads with its dashes as spaces. */
export function formatLabel(format: string): string {
  return (specFormats as Record<string, SpecFormat>)[format]?.label ?? otherFormatLabels[format] ?? format.replace(/-/g, ' ');
}
