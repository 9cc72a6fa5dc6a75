import { sameValue } from '../validation/operand.ts';
import { getPath } from './path.ts';
import type { Condition } from './types.ts';

/** Nothing entered: undefined, null, blank text or an empty list. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/** Whether a condition holds for the given values. */
export function conditionHolds(condition: Condition, data: unknown): boolean {
  if ('all' in condition) return condition.all.every((c) => conditionHolds(c, data));
  if ('any' in condition) return condition.any.some((c) => conditionHolds(c, data));
  if ('not' in condition) return !conditionHolds(condition.not, data);
  const value = getPath(data, condition.field);
  if ('equals' in condition) return sameValue(value, condition.equals);
  if ('notEquals' in condition) return !sameValue(value, condition.notEquals);
  if ('in' in condition) return condition.in.some((option) => sameValue(value, option));
  if ('truthy' in condition) return (Boolean(value) && !(Array.isArray(value) && value.length === 0)) === condition.truthy;
  return isBlank(value) === condition.empty;
}

/** Every field a condition reads. */
export function conditionFields(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(conditionFields);
  if ('any' in condition) return condition.any.flatMap(conditionFields);
  if ('not' in condition) return conditionFields(condition.not);
  return [condition.field];
}
