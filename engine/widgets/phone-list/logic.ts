import { message } from '../../core/messages.ts';
import { formatPhone } from '../phone/logic.ts';
import { widgetMessages } from '../shared/messages.ts';
import { blank, reading, unreadable, type Reading, type TextCodec } from '../shared/typed-text.ts';
import type { WidgetRule } from '../shared/types.ts';

/** The country code a new number starts with. */
export const DEFAULT_COUNTRY_CODE = '1';
/** Field maximums of one entry (spec 1 section 9). */
export const PHONE_ENTRY_LIMITS = { CountryCode: 5, PhoneNumber: 15, Extension: 20 } as const;

/** One phone number (spec 3 "Phone entry"). */
export interface PhoneEntry {
  IsPrimary: boolean;
  PhoneNumberType: { Id: number; Name?: string } | null;
  CountryCode: string;
  PhoneNumber: string;
  Extension?: string;
}

/** Reads a country code as typed: its digits, with or without a leading '+' ('+44' is 44); anything else is invalid. */
export function readCountryCode(text: string): Reading<string> {
  const t = text.trim();
  if (!t) return blank;
  const match = /^\+?\s*(\d+)$/.exec(t);
  return match ? reading(match[1]) : unreadable;
}

/**
 * Reads an entry's number as typed or pasted ('(555) 123-4567', '20 7946 0958'): its digits, written with spaces,
 * dots, dashes or parentheses; a letter makes it invalid, kept as typed rather than stripped.
 */
export function readEntryNumber(text: string): Reading<string> {
  const t = text.trim();
  if (!t) return blank;
  return /^[\d\s().-]+$/.test(t) && /\d/.test(t) ? reading(t.replace(/\D/g, '')) : unreadable;
}

/** The country code input's reading and display (its digits). */
export const countryCodeCodec: TextCodec<string> = { read: readCountryCode, format: (digits) => digits };

/** The number input's reading and display: a North American number (country code 1) shows as (555) 123-4567. */
export function entryNumberCodec(countryCode: string): TextCodec<string> {
  return { read: readEntryNumber, format: (digits) => (countryCode === DEFAULT_COUNTRY_CODE && digits.length === 10 ? formatPhone(digits) : digits) };
}

/** ui:options of a phone list: min and max counts, and maxPhoneNumber (zero or unset: unlimited). */
export interface PhoneListOptions { min?: number; max?: number; maxPhoneNumber?: number }

/** Whether the add/edit form is adding a new number or editing the one at `index`. */
export type PhoneFormType = 'Add' | 'Edit';

/** A blank entry for the Add form: country code '1'. */
export function newPhoneEntry(): PhoneEntry {
  return { IsPrimary: false, PhoneNumberType: null, CountryCode: DEFAULT_COUNTRY_CODE, PhoneNumber: '', Extension: '' };
}

/**
 * Exactly one number is primary: with one entry it is that one; with several, the first marked
 * primary stays primary and any others lose it; with none marked, the first becomes primary.
 */
export function normalizePrimary(list: readonly PhoneEntry[]): PhoneEntry[] {
  if (list.length === 0) return [];
  const primary = Math.max(0, list.findIndex((e) => e.IsPrimary));
  return list.map((e, i) => (e.IsPrimary === (i === primary) ? e : { ...e, IsPrimary: i === primary }));
}

/** Makes the number at `index` the primary one (and no other). */
export function setPrimary(list: readonly PhoneEntry[], index: number): PhoneEntry[] {
  return list.map((e, i) => ({ ...e, IsPrimary: i === index }));
}

/** Saves the Add/Edit form's entry: appended when adding, replaced when editing. */
export function saveEntry(list: readonly PhoneEntry[], entry: PhoneEntry, type: PhoneFormType, index = -1): PhoneEntry[] {
  const next = type === 'Add' ? [...list, entry] : list.map((e, i) => (i === index ? entry : e));
  const at = type === 'Add' ? next.length - 1 : index;
  return entry.IsPrimary ? setPrimary(next, at) : normalizePrimary(next);
}

/** Removes a number; if it was the primary, the first remaining one becomes primary. */
export function removeEntry(list: readonly PhoneEntry[], index: number): PhoneEntry[] {
  return normalizePrimary(list.filter((_, i) => i !== index));
}

/** The most numbers allowed: the smaller of max and maxPhoneNumber above zero; none means unlimited. */
export function phoneListLimit(options: PhoneListOptions): number | null {
  const limits = [options.max, options.maxPhoneNumber].filter((n): n is number => typeof n === 'number' && n > 0);
  return limits.length ? Math.min(...limits) : null;
}

/** Whether another number may be added. */
export function canAddPhone(count: number, options: PhoneListOptions): boolean {
  const limit = phoneListLimit(options);
  return limit === null || count < limit;
}

/**
 * The problems of one entry: Type, Country Code and Phone Number required, the codes and number digits (separators
 * allowed, letters not), each within its maximum.
 */
export function phoneEntryErrors(entry: PhoneEntry): Partial<Record<keyof PhoneEntry, string[]>> {
  const errors: Partial<Record<keyof PhoneEntry, string[]>> = {};
  if (!entry.PhoneNumberType || entry.PhoneNumberType.Id < 0) errors.PhoneNumberType = [message('required', ['Type'])];
  const country = readCountryCode(entry.CountryCode ?? '');
  if (country.kind === 'empty') errors.CountryCode = [message('required', ['Country Code'])];
  else if (country.kind === 'invalid') errors.CountryCode = [message('pattern', ['Country Code', 'country code'])];
  const number = readEntryNumber(entry.PhoneNumber ?? '');
  if (number.kind === 'empty') errors.PhoneNumber = [message('required', ['Phone Number'])];
  else if (number.kind === 'invalid') errors.PhoneNumber = [message('pattern', ['Phone Number', 'phone number'])];
  for (const key of ['CountryCode', 'PhoneNumber', 'Extension'] as const) {
    const limit = PHONE_ENTRY_LIMITS[key];
    if ((entry[key]?.length ?? 0) > limit) (errors[key] ??= []).push(message('maxLength', [key, limit]));
  }
  return errors;
}

/**
 * Phone list rule: required means at least one; a minimum; over the maximum gives 'You have
 * exceeded the maxium number of permitted additonal items.' (as worded); exactly one primary.
 */
export const phoneListRule: WidgetRule<PhoneEntry[] | undefined, PhoneListOptions> = (value, { label, required, options }) => {
  const list = value ?? [];
  if (list.length === 0) return required ? [message('required', [label])] : [];
  const errors: string[] = [];
  if (options.min && list.length < options.min) errors.push(message('minSelections', [label, options.min]));
  const limit = phoneListLimit(options);
  if (limit !== null && list.length > limit) errors.push(widgetMessages.phoneListMax);
  if (list.filter((e) => e.IsPrimary).length !== 1) errors.push('Exactly one phone number must be primary.');
  if (list.some((e) => Object.keys(phoneEntryErrors(e)).length > 0)) errors.push(message('pattern', [label, 'list of phone numbers']));
  return errors;
};
