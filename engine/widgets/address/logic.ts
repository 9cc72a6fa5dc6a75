import { message } from '../../core/messages.ts';
import { specFormats } from '../../core/validation/patterns.ts';
import { TEXT_MAX_LENGTH } from '../text/logic.ts';
import type { WidgetRule } from '../shared/types.ts';

/** The United States is recognised by this country name. */
export const US_COUNTRY_NAME = 'UNITED STATES';

/** A lookup reference as stored in an address: the Id, with the Name kept for the rules. */
export interface LookupRef { Id: number; Name?: string }

/** An address (spec 3 "Address"). */
export interface Address {
  Country?: LookupRef | null;
  Address1?: string;
  Address2?: string;
  City?: string;
  State?: LookupRef | null;
  ZipCode?: string;
  ProvinceRegion?: string;
  PostalCode?: string;
}

/** The address parts, in screen order. */
export const ADDRESS_PARTS = ['Country', 'Address1', 'Address2', 'City', 'State', 'ZipCode', 'ProvinceRegion', 'PostalCode'] as const;
/** One part of an address. */
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** The label of each part, used on screen and in messages. */
export const addressLabels: Record<AddressPart, string> = {
  Country: 'Country',
  Address1: 'Address 1',
  Address2: 'Address 2',
  City: 'City',
  State: 'State',
  ZipCode: 'Zip Code',
  ProvinceRegion: 'Province/Region',
  PostalCode: 'Postal Code',
};

/** True when the country is the United States, by its name 'UNITED STATES'. */
export function isUnitedStates(country: LookupRef | null | undefined): boolean {
  return (country?.Name ?? '').trim().toUpperCase() === US_COUNTRY_NAME;
}

function filled(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'object') return (v as LookupRef).Id !== undefined && (v as LookupRef).Id !== -1;
  return String(v).trim() !== '';
}

/** True when any part of the address is filled in. */
export function hasAnyPart(address: Address | null | undefined): boolean {
  return ADDRESS_PARTS.some((p) => filled(address?.[p]));
}

/**
 * The address after choosing a country: the United States clears ProvinceRegion and PostalCode;
 * any other country clears State and ZipCode, so no value of the hidden parts is saved.
 */
export function withCountry(address: Address, country: LookupRef | null): Address {
  if (isUnitedStates(country)) return { ...address, Country: country, ProvinceRegion: undefined, PostalCode: undefined };
  return { ...address, Country: country, State: undefined, ZipCode: undefined };
}

/** The parts shown for the country: State and ZipCode for the United States, otherwise ProvinceRegion and PostalCode. */
export function regionParts(country: LookupRef | null | undefined): [AddressPart, AddressPart] {
  return isUnitedStates(country) ? ['State', 'ZipCode'] : ['ProvinceRegion', 'PostalCode'];
}

/**
 * The parts that must be filled: none for an untouched optional address; once any part is filled
 * (or the address is required), Country, Address1 and City, plus State and ZipCode for the United
 * States or ProvinceRegion and PostalCode for any other chosen country.
 */
export function requiredParts(address: Address | null | undefined, required: boolean): AddressPart[] {
  if (!required && !hasAnyPart(address)) return [];
  const parts: AddressPart[] = ['Country', 'Address1', 'City'];
  if (filled(address?.Country)) parts.push(...regionParts(address?.Country));
  return parts;
}

/** Address rule: required parts, 200-character lines, the zip code and postal code patterns. */
export const addressRule: WidgetRule<Address | undefined> = (value, { required }) => {
  const errors: Record<string, string[]> = {};
  const add = (part: AddressPart, m: string) => (errors[part] ??= []).push(m);
  for (const part of requiredParts(value, required)) {
    if (!filled(value?.[part])) add(part, message('required', [addressLabels[part]]));
  }
  for (const part of ['Address1', 'Address2', 'City', 'ProvinceRegion'] as const) {
    if ((value?.[part]?.length ?? 0) > TEXT_MAX_LENGTH) add(part, message('textMaximum'));
  }
  if (filled(value?.ZipCode) && !specFormats.zip.test(String(value?.ZipCode))) add('ZipCode', message('pattern', [addressLabels.ZipCode, specFormats.zip.label]));
  if (filled(value?.PostalCode) && !specFormats.postalCode.test(String(value?.PostalCode))) {
    add('PostalCode', message('pattern', [addressLabels.PostalCode, specFormats.postalCode.label]));
  }
  return errors;
};
