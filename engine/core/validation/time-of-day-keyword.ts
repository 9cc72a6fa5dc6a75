import type { AnySchemaObject, FuncKeywordDefinition } from 'ajv';
import { keywordError, type KeywordDataCxt, type KeywordValidate } from './keyword-error.ts';
import { comparable, isEmptyValue } from './operand.ts';
import type { SchemaNode } from './schema-node.ts';

/** Siblings that make a start and an end time of day with the field the keyword sits on (its hours). */
export interface TimeOfDayOrder {
  /** The sibling holding the start's minutes; none: the start is whole hours. */
  minutes?: string;
  endHours: string;
  endMinutes?: string;
}

const sibling = (cxt: KeywordDataCxt | undefined, name: string | undefined): unknown =>
  name && typeof cxt?.parentData === 'object' && cxt.parentData !== null ? (cxt.parentData as Record<string, unknown>)[name] : 0;

/** Minutes since midnight, or null while a part is empty or not a number (left to the parts' own rules). */
function minutesOf(hours: unknown, minutes: unknown): number | null {
  if (isEmptyValue(hours) || isEmptyValue(minutes)) return null;
  const [h, m] = [comparable(hours), comparable(minutes)];
  return h === null || m === null ? null : h * 60 + m;
}

/**
 * beforeTimeOfDay, on the start's hours: the start (these hours and the `minutes` sibling) must come before
 * the end (`endHours` and `endMinutes`), e.g. a business day. The error is the start's; its message is the
 * field's own (`messages.beforeTimeOfDay`) or 'The start must occur before the end.'.
 */
export const beforeTimeOfDayKeyword: FuncKeywordDefinition = {
  keyword: 'beforeTimeOfDay',
  metaSchema: {
    type: 'object',
    required: ['endHours'],
    additionalProperties: false,
    properties: { minutes: { type: 'string' }, endHours: { type: 'string' }, endMinutes: { type: 'string' } },
  },
  errors: true,
  compile(order: TimeOfDayOrder, parentSchema: AnySchemaObject) {
    const validate: KeywordValidate = (data, cxt) => {
      const start = minutesOf(data, sibling(cxt, order.minutes));
      const end = minutesOf(sibling(cxt, order.endHours), sibling(cxt, order.endMinutes));
      if (start === null || end === null || start < end) return true;
      validate.errors = [keywordError('beforeTimeOfDay', 'timeOfDayOrder', {}, parentSchema as SchemaNode, cxt)];
      return false;
    };
    return validate;
  },
};
