import { describe, expect, it } from 'vitest';
import { amountRule, formatCurrency, parseAmount } from '../../engine/widgets/currency/logic.ts';
import { formatPercentage, parsePercentage } from '../../engine/widgets/percentage/logic.ts';
import { einRule, formatEin, parseEin } from '../../engine/widgets/ein/logic.ts';
import { formatPhone, parsePhone, phoneRule } from '../../engine/widgets/phone/logic.ts';

const ctx = (label: string, required = false) => ({ label, required, options: {} });

describe('currency and percentage inputs', () => {
  it('strip non-numeric characters', () => {
    expect(parseAmount('$1,234.50')).toBe(1234.5);
    expect(parseAmount('abc12x3')).toBe(123);
    expect(parseAmount('1.2.3')).toBe(1.23);
    expect(parseAmount('abc')).toBeNull();
    expect(parsePercentage('12.5 %')).toBe(12.5);
  });
  it('parentheses mean negative', () => {
    expect(parseAmount('($1,234.50)')).toBe(-1234.5);
    expect(parseAmount('-7')).toBe(-7);
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
    expect(amountRule(0, ctx('Amount', true))).toEqual([]);
  });
});

describe('EIN input', () => {
  it('keeps digits only, at most nine', () => {
    expect(parseEin('12-345a6789 0')).toBe('123456789');
  });
  it('displays 2 digits, a dash, then 7', () => {
    expect(formatEin('123456789')).toBe('12-3456789');
    expect(formatEin('12')).toBe('12');
  });
  it('needs all nine digits', () => {
    expect(einRule('1234', ctx('EIN'))).toEqual(['Must be a valid EIN.']);
    expect(einRule('123456789', ctx('EIN'))).toEqual([]);
    expect(einRule(undefined, ctx('EIN', true))).toEqual(['EIN is required.']);
  });
});

describe('phone input', () => {
  it('strips non-digits', () => {
    expect(parsePhone('(555) 123-4567')).toBe('5551234567');
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
  });
});
