import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../engine/core/ajv.ts';
import { messagesFor } from './helper.ts';

const number = (rule: object) => ({ type: 'number', ...rule });

describe('lessThan, lessThanOrEqualTo, greaterThan, greaterThanOrEqualTo against a constant', () => {
  it("lessThan: 'Must be less than {1}.'", () => {
    expect(messagesFor(number({ lessThan: 10 }), 9)).toEqual([]);
    expect(messagesFor(number({ lessThan: 10 }), 10)).toEqual(['Must be less than 10.']);
  });

  it("lessThanOrEqualTo: 'Must be less than or equal to {1}.'", () => {
    expect(messagesFor(number({ lessThanOrEqualTo: 10 }), 10)).toEqual([]);
    expect(messagesFor(number({ lessThanOrEqualTo: 10 }), 10.5)).toEqual(['Must be less than or equal to 10.']);
  });

  it("greaterThan: 'Must be greater than {1}.'", () => {
    expect(messagesFor(number({ greaterThan: 0 }), 1)).toEqual([]);
    expect(messagesFor(number({ greaterThan: 0 }), 0)).toEqual(['Must be greater than 0.']);
  });

  it("greaterThanOrEqualTo: 'Must be greater than or equal to {1}.'", () => {
    expect(messagesFor(number({ greaterThanOrEqualTo: 0 }), 0)).toEqual([]);
    expect(messagesFor(number({ greaterThanOrEqualTo: 0 }), -1)).toEqual(['Must be greater than or equal to 0.']);
  });

  it('numeric text compares as a number ("100" is not less than 20)', () => {
    expect(messagesFor({ type: 'string', lessThan: 20 }, '100')).toEqual(['Must be less than 20.']);
    expect(messagesFor({ type: 'string', lessThan: 20 }, '3')).toEqual([]);
  });

  it('an empty value is left to required', () => {
    expect(messagesFor({ type: ['string', 'null'], greaterThan: 5 }, '')).toEqual([]);
    expect(messagesFor({ type: ['string', 'null'], greaterThan: 5 }, null)).toEqual([]);
  });

  it("ajv's own maximum / exclusiveMaximum / minimum / exclusiveMinimum read the same words", () => {
    expect(messagesFor(number({ exclusiveMaximum: 5 }), 5)).toEqual(['Must be less than 5.']);
    expect(messagesFor(number({ maximum: 5 }), 6)).toEqual(['Must be less than or equal to 5.']);
    expect(messagesFor(number({ exclusiveMinimum: 5 }), 5)).toEqual(['Must be greater than 5.']);
    expect(messagesFor(number({ minimum: 5 }), 4)).toEqual(['Must be greater than or equal to 5.']);
  });
});

describe('comparisons with another field name that field in {1}', () => {
  const start: [object, unknown] = [{ type: 'string', title: 'Start Date' }, '2024-05-01T10:00:00Z'];

  it("a date after the start passes; one before it reads 'Must be greater than Start Date.'", () => {
    const end = { type: 'string', greaterThan: { field: 'Start' } };
    expect(messagesFor(end, '2024-05-02T10:00:00Z', { Start: start })).toEqual([]);
    expect(messagesFor(end, '2024-04-30T10:00:00Z', { Start: start })).toEqual(['Must be greater than Start Date.']);
  });

  it('mm/dd/yyyy dates are ordered as dates, not as text', () => {
    const end = { type: 'string', greaterThanOrEqualTo: { field: 'Start' } };
    const start2: [object, unknown] = [{ type: 'string', title: 'Start Date' }, '12/01/2023'];
    expect(messagesFor(end, '02/01/2024', { Start: start2 })).toEqual([]);
    expect(messagesFor(end, '11/30/2023', { Start: start2 })).toEqual(['Must be greater than or equal to Start Date.']);
  });

  it('nothing is judged while the other field is empty', () => {
    expect(messagesFor({ type: 'number', lessThan: { field: 'Max' } }, 5, { Max: [{ type: 'number' }, undefined] })).toEqual([]);
  });
});

describe('equalTo and notEqualTo', () => {
  const email: [object, unknown] = [{ type: 'string', title: 'Email Address' }, 'kofi@example.com'];

  it("ConfirmEmailAddress must equal EmailAddress: 'Must equal Email Address.'", () => {
    const confirm = { type: 'string', equalTo: { field: 'EmailAddress' } };
    expect(messagesFor(confirm, 'kofi@example.com', { EmailAddress: email })).toEqual([]);
    expect(messagesFor(confirm, 'kofi@example.org', { EmailAddress: email })).toEqual(['Must equal Email Address.']);
  });

  it('texts must match exactly, case and leading zeros included', () => {
    expect(messagesFor({ type: 'string', equalTo: 'Abc' }, 'abc')).toEqual(['Must equal Abc.']);
    expect(messagesFor({ type: 'string', equalTo: '007' }, '7')).toEqual(['Must equal 007.']);
  });

  it("equalTo a constant: 'Must equal {1}.'", () => {
    expect(messagesFor(number({ equalTo: 100 }), 100)).toEqual([]);
    expect(messagesFor(number({ equalTo: 100 }), 99)).toEqual(['Must equal 100.']);
  });

  it("notEqualTo a constant: 'Must not equal {1}.'", () => {
    expect(messagesFor(number({ notEqualTo: -1 }), 3)).toEqual([]);
    expect(messagesFor(number({ notEqualTo: -1 }), -1)).toEqual(['Must not equal -1.']);
  });

  it('notEqualTo another field names it', () => {
    const current: [object, unknown] = [{ type: 'string', title: 'Current Password' }, 'abcdefg1'];
    const next = { type: 'string', notEqualTo: { field: 'CurrentPassword' } };
    expect(messagesFor(next, 'abcdefg2', { CurrentPassword: current })).toEqual([]);
    expect(messagesFor(next, 'abcdefg1', { CurrentPassword: current })).toEqual(['Must not equal Current Password.']);
  });

  it("const reads 'Must equal {1}.' too", () => {
    expect(messagesFor({ const: 'yes' }, 'no')).toEqual(['Must equal yes.']);
  });
});

describe('linkTo: Confirm Password is linked to Password', () => {
  const password = (value: unknown): Record<string, [object, unknown]> => ({ Password: [{ type: 'string', title: 'Password' }, value] });
  const confirm = { type: 'string', linkTo: 'Password' };

  it('the same value passes', () => {
    expect(messagesFor(confirm, 'abcdefg1', password('abcdefg1'))).toEqual([]);
  });

  it("a different value reads 'Must equal Password.'", () => {
    expect(messagesFor(confirm, 'abcdefg2', password('abcdefg1'))).toEqual(['Must equal Password.']);
  });

  it('a cleared password invalidates a typed confirmation (where equalTo would not judge)', () => {
    expect(messagesFor(confirm, 'abcdefg1', password(''))).toEqual(['Must equal Password.']);
    expect(messagesFor(confirm, '', password('abcdefg1'))).toEqual(['Must equal Password.']);
    expect(messagesFor(confirm, '', password(''))).toEqual([]);
  });
});

describe('keyword configuration is checked when a schema is compiled', () => {
  it('an operand must be a constant or { field }', () => {
    expect(() => createAjv().compile({ lessThan: { fieldName: 'X' } })).toThrow();
    expect(() => createAjv().compile({ linkTo: 3 })).toThrow();
    expect(() => createAjv().compile({ decimalPlaces: -1 })).toThrow();
  });
});
