import { parseISO } from 'date-fns';
import { parseUsDate, usDateForms, type UsDateForm } from '../dates/us-date.ts';

/** A reference to another property of the same object: `{ "field": "Password" }`. */
export interface FieldRef {
  field: string;
}

/**
 * The right-hand side of a comparison keyword: a constant (`"lessThan": 100`) or a sibling
 * property's value (`"equalTo": { "field": "EmailAddress" }`).
 */
export type Operand = string | number | boolean | null | FieldRef;

/** True for `{ field: ... }`. */
export function isFieldRef(operand: unknown): operand is FieldRef {
  return typeof operand === 'object' && operand !== null && typeof (operand as FieldRef).field === 'string';
}

/** The operand's value, reading a referenced sibling from the object being validated. */
export function operandValue(operand: Operand, parentData: unknown): unknown {
  if (!isFieldRef(operand)) return operand;
  return typeof parentData === 'object' && parentData !== null
    ? (parentData as Record<string, unknown>)[operand.field]
    : undefined;
}

/** Nothing entered: undefined, null or the empty string. Such values are left to `required`. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * A number to compare by: numbers, numeric strings, Dates, ISO date strings and mm/dd/yyyy
 * dates (as epoch milliseconds). null when the value has no order.
 */
export function comparable(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return Number(text);
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const time = parseISO(text).getTime();
    return Number.isNaN(time) ? null : time;
  }
  for (const form of Object.keys(usDateForms) as UsDateForm[]) {
    const date = parseUsDate(text, form);
    if (date) return date.getTime();
  }
  return null;
}

/**
 * Equality as a person reads it: two texts must match exactly (a confirmation must be typed the
 * same), a number equals its numeric text (5 and '5'), Dates compare by time, others by JSON.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  if (a instanceof Date || b instanceof Date) return comparable(a) !== null && comparable(a) === comparable(b);
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  const [x, y] = [comparable(a), comparable(b)];
  if (x !== null && y !== null) return x === y;
  return String(a) === String(b);
}
