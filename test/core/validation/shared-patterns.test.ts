import { describe, expect, it } from 'vitest';
import { messagesFor } from './helper.ts';

/** Spec 1 section 5 "Shared patterns": each as a format, failing with 'Must be a valid {1}.'. */
const patterns: Array<{ format: string; name: string; valid: string[]; invalid: string[] }> = [
  { format: 'currency', name: 'currency amount', valid: ['1234.56', '$1,234.56', '-12', '(1,234.50)', '0.5'], invalid: ['12.345', '1,23', 'abc', '$', '1.2.3'] },
  { format: 'integer', name: 'integer', valid: ['0', '-15', '2147483647'], invalid: ['2147483648', '1.5', 'abc'] },
  { format: 'decimal', name: 'decimal number', valid: ['1', '1.25', '-0.5', '.5'], invalid: ['1.', 'abc', '1.2.3', '1e5'] },
  { format: 'twoDecimal', name: 'number with no more than two decimal places', valid: ['1', '1.2', '1.25', '-3.10'], invalid: ['1.234', 'a'] },
  { format: 'alphabetical', name: 'alphabetical value', valid: ['Smith', 'Van Dyke'], invalid: ['Smith2', ' Smith', 'a-b'] },
  { format: 'alphanumeric', name: 'alphanumeric value', valid: ['ABC123', 'K1A 0B1'], invalid: ['abc-123', 'a_b', 'x!'] },
  { format: 'numericString', name: 'numeric value', valid: ['0123', '5'], invalid: ['12a', '-1', '1.5'] },
  {
    format: 'password',
    name: 'password of at least 8 characters with at least one letter and one number',
    valid: ['abcdefg1', 'Passw0rd!'],
    invalid: ['abcdefgh', '12345678', 'abc1234'],
  },
  { format: 'email', name: 'e-mail address', valid: ['kofi@example.com', 'a.b+c@mail.example.org'], invalid: ['kofi@', 'kofi.example.com', 'kofi@example'] },
  { format: 'usPhone', name: 'US phone number', valid: ['5551234567', '(555) 123-4567', '555-123-4567', '15551234567', '+1 555 123 4567'], invalid: ['555123456', '555-1234', '555-123-45678'] },
  { format: 'phoneWithExtension', name: 'phone number with extension', valid: ['555-123-4567 x123', '(555) 123-4567 ext. 12', '5551234567'], invalid: ['555-123-4567 x', '555-123-4567 ext abc'] },
  { format: 'url', name: 'URL', valid: ['https://example.com/path', 'http://www.acme.com'], invalid: ['example', 'www.example.com'] },
  { format: 'zip', name: 'zip code', valid: ['12345', '12345-6789'], invalid: ['1234', '123456', '12345-678', 'ABCDE'] },
  { format: 'postalCode', name: 'postal code', valid: ['K1A 0B1', 'SW1A 1AA', '1234567890ABCDEFGHIJ'], invalid: ['1234567890ABCDEFGHIJK', 'A#1', 'AB  12'] },
  { format: 'ein', name: 'EIN', valid: ['12-3456789', '123456789'], invalid: ['12-345678', '1-23456789', 'AB-1234567'] },
];

describe('shared patterns (spec 1 section 5)', () => {
  for (const { format, name, valid, invalid } of patterns) {
    it(`${format}: accepts ${valid.join(', ')}`, () => {
      for (const value of valid) expect(messagesFor({ type: 'string', format }, value), value).toEqual([]);
    });
    it(`${format}: rejects ${invalid.join(', ')} with 'Must be a valid ${name}.'`, () => {
      for (const value of invalid) expect(messagesFor({ type: 'string', format }, value), value).toEqual([`Must be a valid ${name}.`]);
    });
  }

  it('password: at least 8 characters, at least one letter and one number (7 characters fail, 8 pass)', () => {
    expect(messagesFor({ type: 'string', format: 'password' }, 'abcdef1')).toHaveLength(1);
    expect(messagesFor({ type: 'string', format: 'password' }, 'abcdefg1')).toEqual([]);
  });

  it('zip code: 5 or 5+4 digits', () => {
    expect(messagesFor({ type: 'string', format: 'zip' }, '90210')).toEqual([]);
    expect(messagesFor({ type: 'string', format: 'zip' }, '90210-1234')).toEqual([]);
    expect(messagesFor({ type: 'string', format: 'zip' }, '90210-12')).toEqual(['Must be a valid zip code.']);
  });

  it('postal code: 1 to 20 alphanumerics', () => {
    expect(messagesFor({ type: 'string', format: 'postalCode' }, 'A')).toEqual([]);
    expect(messagesFor({ type: 'string', format: 'postalCode' }, 'A'.repeat(20))).toEqual([]);
    expect(messagesFor({ type: 'string', format: 'postalCode' }, 'A'.repeat(21))).toEqual(['Must be a valid postal code.']);
  });
});

describe('integer (also at most 2147483647)', () => {
  it('an INTEGER pattern also requires a value of at most 2147483647 (text)', () => {
    expect(messagesFor({ type: 'string', format: 'integer' }, '2147483647')).toEqual([]);
    expect(messagesFor({ type: 'string', format: 'integer' }, '2147483648')).toEqual(['Must be a valid integer.']);
  });

  it('a number field uses the int32 format: at most 2147483647', () => {
    expect(messagesFor({ type: 'integer', format: 'int32' }, 2147483647)).toEqual([]);
    expect(messagesFor({ type: 'integer', format: 'int32' }, 2147483648)).toEqual(['Must be a valid integer.']);
  });

  it('maximum 2147483647 reads "Must be less than or equal to 2147483647."', () => {
    expect(messagesFor({ type: 'integer', maximum: 2147483647 }, 2147483648)).toEqual(['Must be less than or equal to 2147483647.']);
  });
});
