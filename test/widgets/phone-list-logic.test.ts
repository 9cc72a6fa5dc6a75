import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COUNTRY_CODE, canAddPhone, newPhoneEntry, normalizePrimary, phoneEntryErrors, phoneListLimit, phoneListRule,
  removeEntry, saveEntry, setPrimary, type PhoneEntry,
} from '../../engine/widgets/phone-list/logic.ts';

const e = (n: string, IsPrimary = false): PhoneEntry => ({ IsPrimary, PhoneNumberType: { Id: 1, Name: 'Home' }, CountryCode: '1', PhoneNumber: n });
const primaries = (list: PhoneEntry[]) => list.map((x) => x.IsPrimary);
const ctx = (options = {}, required = false) => ({ label: 'Phone Numbers', required, options });

describe('phone list', () => {
  it("a new number has the default country code '1'", () => {
    expect(DEFAULT_COUNTRY_CODE).toBe('1');
    expect(newPhoneEntry().CountryCode).toBe('1');
  });
  it('the primary is set automatically when the list has exactly one entry', () => {
    expect(primaries(normalizePrimary([e('1')]))).toEqual([true]);
    expect(primaries(saveEntry([], e('1'), 'Add'))).toEqual([true]);
    expect(primaries(removeEntry([e('1', true), e('2')], 0))).toEqual([true]);
  });
  it('exactly one number is primary', () => {
    expect(primaries(normalizePrimary([e('1', true), e('2', true)]))).toEqual([true, false]);
    expect(primaries(setPrimary([e('1', true), e('2')], 1))).toEqual([false, true]);
    expect(primaries(saveEntry([e('1', true)], e('2', true), 'Add'))).toEqual([false, true]);
    expect(primaries(saveEntry([e('1', true), e('2')], e('3', false), 'Edit', 0))).toEqual([true, false]);
  });
  it('Add appends and Edit replaces', () => {
    expect(saveEntry([e('1', true)], e('2'), 'Add').map((x) => x.PhoneNumber)).toEqual(['1', '2']);
    expect(saveEntry([e('1', true), e('2')], e('9'), 'Edit', 1).map((x) => x.PhoneNumber)).toEqual(['1', '9']);
  });
  it('max and maxPhoneNumber limit adding; zero or unset means unlimited', () => {
    expect(phoneListLimit({})).toBeNull();
    expect(phoneListLimit({ maxPhoneNumber: 0 })).toBeNull();
    expect(phoneListLimit({ max: 5, maxPhoneNumber: 3 })).toBe(3);
    expect(canAddPhone(2, { max: 3 })).toBe(true);
    expect(canAddPhone(3, { max: 3 })).toBe(false);
    expect(canAddPhone(99, {})).toBe(true);
  });
  it("over the maximum: 'You have exceeded the maxium number of permitted additonal items.' (as worded)", () => {
    expect(phoneListRule([e('1', true), e('2')], ctx({ maxPhoneNumber: 1 }))).toEqual(['You have exceeded the maxium number of permitted additonal items.']);
    expect(phoneListRule([e('1', true)], ctx({ maxPhoneNumber: 1 }))).toEqual([]);
  });
  it('required means at least one; a minimum is checked', () => {
    expect(phoneListRule([], ctx({}, true))).toEqual(['Phone Numbers is required.']);
    expect(phoneListRule([e('1', true)], ctx({ min: 2 }))).toEqual(['Must select at least 2 item(s).']);
  });
  it('reports a list without exactly one primary', () => {
    expect(phoneListRule([e('1'), e('2')], ctx())).toEqual(['Exactly one phone number must be primary.']);
  });
  it('an entry needs Type, Country Code and Phone Number within 5 / 15 / 20 characters', () => {
    expect(Object.keys(phoneEntryErrors(newPhoneEntry()))).toEqual(['PhoneNumberType', 'PhoneNumber']);
    expect(phoneEntryErrors({ ...e('1'.repeat(16)), CountryCode: '123456', Extension: 'x'.repeat(21) })).toEqual({
      CountryCode: ['Must be no more than 5 character(s) long.'],
      PhoneNumber: ['Must be no more than 15 character(s) long.'],
      Extension: ['Must be no more than 20 character(s) long.'],
    });
  });
});
