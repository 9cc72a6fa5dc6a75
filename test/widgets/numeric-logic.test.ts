import { describe, expect, it } from 'vitest';
import { amountRule, currencyText, formatCurrency, readAmount } from '../../engine/widgets/currency/logic.ts';
import { formatPercentage, percentageRule, percentageText, readPercentage } from '../../engine/widgets/percentage/logic.ts';
import { einRule, formatEin, parseEin, readEin } from '../../engine/widgets/ein/logic.ts';
import { formatPhone, parsePhone, phoneRule, readPhone } from '../../engine/widgets/phone/logic.ts';
import { numberCodec } from '../../engine/widgets/number/logic.ts';
import type { Reading } from '../../engine/widgets/shared/typed-text.ts';

const ctx = (label: string, required = false) => ({ label, required, options: {} });

/** The value read, null for a blank, 'invalid' for text that is not one value. */
const valueOf = <V>(read: Reading<V>) => (read.kind === 'value' ? read.value : read.kind === 'empty' ? null : 'invalid');

describe('currency and percentage inputs', () => {
  it("strip the format's characters: $, thousands separators, spaces, %", () => {
    expect(valueOf(readAmount('$1,234.50'))).toBe(1234.5);
    expect(valueOf(readAmount(' 1234.5 '))).toBe(1234.5);
    expect(valueOf(readAmount('1 234 567'))).toBe(1234567);
    expect(valueOf(readAmount('.5'))).toBe(0.5);
    expect(valueOf(readAmount('5.'))).toBe(5);
    expect(valueOf(readPercentage('12.5 %'))).toBe(12.5);
    expect(valueOf(readPercentage('12.5%'))).toBe(12.5);
    expect(valueOf(readAmount('   '))).toBeNull();
  });
  it('parentheses mean negative, as does a minus before or after the $', () => {
    expect(valueOf(readAmount('($1,234.50)'))).toBe(-1234.5);
    expect(valueOf(readAmount('-7'))).toBe(-7);
    expect(valueOf(readAmount('-$7'))).toBe(-7);
    expect(valueOf(readAmount('$-7'))).toBe(-7);
    expect(valueOf(readPercentage('(3)'))).toBe(-3);
    expect(Object.is(valueOf(readAmount('-0')), 0)).toBe(true);
  });
  it('any other character, a second point or a comma that is no thousands separator makes the text invalid, never another number', () => {
    for (const text of ['abc12x3', '1.2.3', 'abc', '1 234,50', '1,5', '12,5', '1,2345', '1,234 567', '$', '-', '--5', '-(5)', '$$5', '1e5', '12%', '0x10']) {
      expect([text, valueOf(readAmount(text))]).toEqual([text, 'invalid']);
    }
    expect(valueOf(readPercentage('$12'))).toBe('invalid');
    expect(valueOf(numberCodec.read('(5)'))).toBe('invalid');
  });
  it('refuses more digits than a number holds exactly, rather than saving another number', () => {
    expect(valueOf(readAmount('123456789012345'))).toBe(123456789012345);
    expect(valueOf(readAmount('1234567890123456'))).toBe('invalid');
    expect(valueOf(readAmount('0.000000000000001'))).toBe(1e-15);
  });
  it('once left, shows every digit typed past the format\'s decimals rather than rounding it away', () => {
    expect(currencyText(80.125)).toBe('$80.125');
    expect(currencyText(-80.5)).toBe('($80.50)');
    expect(percentageText(12.345)).toBe('12.345 %');
    expect(percentageText(12.5, 3)).toBe('12.500 %');
    expect(percentageText(1e-7)).toBe('0.0000001 %');
  });
  it('formats USD with 2 decimals and thousands separators', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(1234567)).toBe('$1,234,567.00');
    expect(formatCurrency(-1234.5)).toBe('($1,234.50)');
  });
  it("any other currency gives 'Invalid Currency'", () => {
    expect(formatCurrency(1, 'EUR')).toBe('Invalid Currency');
  });
  it("percent defaults to two decimals and appends ' %'", () => {
    expect(formatPercentage(12.5)).toBe('12.50 %');
    expect(formatPercentage(1 / 3, 3)).toBe('0.333 %');
  });
  it('required means an amount, and 0 is one', () => {
    expect(amountRule(undefined, ctx('Amount', true))).toEqual(['Amount is required.']);
    expect(amountRule(null, ctx('Amount', true))).toEqual(['Amount is required.']);
    expect(amountRule(0, ctx('Amount', true))).toEqual([]);
  });
  it('text that is not an amount is refused, required or not', () => {
    expect(amountRule('12abc', ctx('Amount', true))).toEqual(['Must be a valid currency amount.']);
    expect(amountRule('$12', ctx('Amount'))).toEqual(['Must be a valid currency amount.']);
    expect(percentageRule('12,5', ctx('Rate'))).toEqual(['Must be a valid percentage.']);
    expect(percentageRule(12.5, ctx('Rate'))).toEqual([]);
  });
});

describe('EIN input', () => {
  it('reads nine digits, with or without the dash', () => {
    expect(valueOf(readEin('12-3456789'))).toBe('123456789');
    expect(valueOf(readEin(' 123456789 '))).toBe('123456789');
    expect(parseEin('12-3456789 0')).toBe('123456789');
  });
  it('a letter or a wrong count of digits is invalid, not cut to nine digits', () => {
    expect(valueOf(readEin('12-345a6789'))).toBe('invalid');
    expect(valueOf(readEin('12-34567890'))).toBe('invalid');
    expect(valueOf(readEin('12-34'))).toBe('invalid');
  });
  it('displays 2 digits, a dash, then 7', () => {
    expect(formatEin('123456789')).toBe('12-3456789');
    expect(formatEin('12')).toBe('12');
  });
  it('needs all nine digits', () => {
    expect(einRule('1234', ctx('EIN'))).toEqual(['Must be a valid EIN.']);
    expect(einRule('123456789', ctx('EIN'))).toEqual([]);
    expect(einRule('12-3456789', ctx('EIN'))).toEqual([]);
    expect(einRule('12-345678a', ctx('EIN'))).toEqual(['Must be a valid EIN.']);
    expect(einRule(null, ctx('EIN', true))).toEqual(['EIN is required.']);
    expect(einRule(undefined, ctx('EIN', true))).toEqual(['EIN is required.']);
  });
});

describe('phone input', () => {
  it("reads the digits of a number written with the usual separators", () => {
    expect(parsePhone('(555) 123-4567')).toBe('5551234567');
    expect(valueOf(readPhone('(555) 123-4567'))).toBe('5551234567');
    expect(valueOf(readPhone('555.123.4567'))).toBe('5551234567');
    expect(valueOf(readPhone('+1 555 123 4567'))).toBe('15551234567');
  });
  it('a letter or a wrong count of digits is invalid, kept as typed', () => {
    expect(valueOf(readPhone('555-CALL-NOW'))).toBe('invalid');
    expect(valueOf(readPhone('555-123-4567 x12'))).toBe('invalid');
    expect(valueOf(readPhone('555-1234'))).toBe('invalid');
  });
  it('displays 10 digits as (xxx) xxx-xxxx and 11 with the leading country digit', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('15551234567')).toBe('1 (555) 123-4567');
    expect(formatPhone('555123')).toBe('555123');
  });
  it('accepts 10 or 11 digits', () => {
    expect(phoneRule('555123', ctx('Phone'))).toEqual(['Must be a valid phone number.']);
    expect(phoneRule('5551234567', ctx('Phone'))).toEqual([]);
    expect(phoneRule('15551234567', ctx('Phone'))).toEqual([]);
    expect(phoneRule('(555) 123-4567', ctx('Phone'))).toEqual([]);
    expect(phoneRule('555-123-4567x', ctx('Phone'))).toEqual(['Must be a valid phone number.']);
    expect(phoneRule(null, ctx('Phone', true))).toEqual(['Phone is required.']);
  });
});
