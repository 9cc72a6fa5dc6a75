import { describe, expect, it } from 'vitest';
import { messagesFor } from './helper.ts';

describe("decimalPlaces: 'Must have {1} or fewer digits to the right of the decimal.'", () => {
  const twoPlaces = { type: ['number', 'string'], decimalPlaces: 2 };

  it('accepts up to the number of places, for numbers and numeric text', () => {
    for (const value of [12, 12.5, 12.34, '12.34', '$1,234.56', '7']) expect(messagesFor(twoPlaces, value), String(value)).toEqual([]);
  });

  it('rejects more places', () => {
    for (const value of [12.345, '12.345', '$1,234.567']) {
      expect(messagesFor(twoPlaces, value), String(value)).toEqual(['Must have 2 or fewer digits to the right of the decimal.']);
    }
  });

  it('zero places means a whole number', () => {
    expect(messagesFor({ type: 'number', decimalPlaces: 0 }, 3)).toEqual([]);
    expect(messagesFor({ type: 'number', decimalPlaces: 0 }, 3.5)).toEqual(['Must have 0 or fewer digits to the right of the decimal.']);
  });

  it('counts the places of very small numbers written with an exponent (1e-7 has 7)', () => {
    expect(messagesFor({ type: 'number', decimalPlaces: 6 }, 1e-7)).toEqual(['Must have 6 or fewer digits to the right of the decimal.']);
  });
});

describe('requiredText: "Text area required ignores whitespace and line breaks"', () => {
  const notes = { type: 'string', title: 'Notes', requiredText: true };

  it("spaces, tabs and line breaks alone read '{0} is required.'", () => {
    for (const value of ['', '   ', '\n\r\n', ' \t \n ']) expect(messagesFor(notes, value), JSON.stringify(value)).toEqual(['Notes is required.']);
  });

  it('any other character is text', () => {
    expect(messagesFor(notes, '\n a \n')).toEqual([]);
  });
});

describe('minSelections and maxSelections', () => {
  const roles = { type: 'array', items: { type: 'integer' }, minSelections: 1, maxSelections: 3 };

  it("fewer than the minimum: 'Must select at least {1} item(s).'", () => {
    expect(messagesFor(roles, [])).toEqual(['Must select at least 1 item(s).']);
  });

  it("more than the maximum: 'Can only select up to {1} item(s).'", () => {
    expect(messagesFor(roles, [1, 2, 3, 4])).toEqual(['Can only select up to 3 item(s).']);
  });

  it('between them passes', () => {
    expect(messagesFor(roles, [1])).toEqual([]);
    expect(messagesFor(roles, [1, 2, 3])).toEqual([]);
  });

  it("ajv's minItems and maxItems read the same words", () => {
    expect(messagesFor({ type: 'array', minItems: 2 }, [1])).toEqual(['Must select at least 2 item(s).']);
    expect(messagesFor({ type: 'array', maxItems: 1 }, [1, 2])).toEqual(['Can only select up to 1 item(s).']);
  });
});
