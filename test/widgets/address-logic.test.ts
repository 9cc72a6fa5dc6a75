import { describe, expect, it } from 'vitest';
import { addressRule, hasAnyPart, isUnitedStates, regionParts, requiredParts, withCountry } from '../../engine/widgets/address/logic.ts';

const US = { Id: 1, Name: 'UNITED STATES' };
const CA = { Id: 2, Name: 'CANADA' };
const ctx = (required = false) => ({ label: 'Address', required, options: {} });

describe('address', () => {
  it("recognises the United States by the country name 'UNITED STATES'", () => {
    expect(isUnitedStates(US)).toBe(true);
    expect(isUnitedStates({ Id: 1 })).toBe(false);
    expect(isUnitedStates(CA)).toBe(false);
  });
  it('United States: State and ZipCode are shown; ProvinceRegion and PostalCode are cleared', () => {
    expect(regionParts(US)).toEqual(['State', 'ZipCode']);
    expect(withCountry({ ProvinceRegion: 'Ontario', PostalCode: 'K1A', City: 'X' }, US)).toEqual({ Country: US, City: 'X', ProvinceRegion: undefined, PostalCode: undefined });
  });
  it('other countries: the reverse', () => {
    expect(regionParts(CA)).toEqual(['ProvinceRegion', 'PostalCode']);
    expect(withCountry({ State: { Id: 5 }, ZipCode: '12345' }, CA)).toEqual({ Country: CA, State: undefined, ZipCode: undefined });
  });
  it('an untouched optional address requires nothing', () => {
    expect(hasAnyPart({})).toBe(false);
    expect(requiredParts({}, false)).toEqual([]);
    expect(addressRule({}, ctx())).toEqual({});
  });
  it('any address part filled in makes country, Address1 and city required', () => {
    expect(requiredParts({ Address2: 'Suite 1' }, false)).toEqual(['Country', 'Address1', 'City']);
    expect(addressRule({ Address2: 'Suite 1' }, ctx())).toEqual({
      Country: ['Country is required.'], Address1: ['Address 1 is required.'], City: ['City is required.'],
    });
  });
  it('United States requires State and ZipCode and not ProvinceRegion or PostalCode', () => {
    const errors = addressRule({ Country: US, Address1: '1 Main', City: 'Albany' }, ctx()) as Record<string, string[]>;
    expect(errors).toEqual({ State: ['State is required.'], ZipCode: ['Zip Code is required.'] });
  });
  it('other countries require ProvinceRegion and PostalCode and not State or ZipCode', () => {
    const errors = addressRule({ Country: CA, Address1: '1 Rue', City: 'Ottawa' }, ctx()) as Record<string, string[]>;
    expect(errors).toEqual({ ProvinceRegion: ['Province/Region is required.'], PostalCode: ['Postal Code is required.'] });
  });
  it('a required address needs its parts even when empty', () => {
    expect(Object.keys(addressRule(undefined, ctx(true)))).toEqual(['Country', 'Address1', 'City']);
  });
  it('zip code is 5 or 5+4 digits; lines are at most 200 characters', () => {
    const errors = addressRule({ Country: US, Address1: 'x'.repeat(201), City: 'A', State: { Id: 1 }, ZipCode: '1234' }, ctx()) as Record<string, string[]>;
    expect(errors.ZipCode).toEqual(['Must be a valid zip code.']);
    expect(errors.Address1).toEqual(['You have exceeded the maximum character length allowable for this field.']);
    expect(addressRule({ Country: US, Address1: 'a', City: 'A', State: { Id: 1 }, ZipCode: '12345-6789' }, ctx())).toEqual({});
  });
});
