import type { AnySchemaObject, FuncKeywordDefinition } from 'ajv';
import type { MessageKey } from '../messages.ts';
import { keywordError, type KeywordValidate } from './keyword-error.ts';
import { comparable, isEmptyValue, isFieldRef, operandValue, sameValue, type Operand } from './operand.ts';
import type { SchemaNode } from './schema-node.ts';

/** An operand is a constant or `{ "field": "Sibling" }`; anything else is a configuration error at compile time. */
const operandMetaSchema = {
  anyOf: [
    { type: ['string', 'number', 'boolean', 'null'] },
    { type: 'object', required: ['field'], properties: { field: { type: 'string', minLength: 1 } }, additionalProperties: false },
  ],
};

const paramsOf = (operand: Operand) => (isFieldRef(operand) ? { field: operand.field } : { operand });

/** A keyword that holds when `test(value, operand's value)`; empty values are left to `required`. */
function operandKeyword(
  keyword: string,
  key: MessageKey,
  test: (value: unknown, other: unknown) => boolean,
): FuncKeywordDefinition {
  return {
    keyword,
    metaSchema: operandMetaSchema,
    errors: true,
    compile(operand: Operand, parentSchema: AnySchemaObject) {
      const fieldSchema = parentSchema as SchemaNode;
      const validate: KeywordValidate = (data, cxt) => {
        if (isEmptyValue(data) || test(data, operandValue(operand, cxt?.parentData))) return true;
        validate.errors = [keywordError(keyword, key, paramsOf(operand), fieldSchema, cxt)];
        return false;
      };
      return validate;
    },
  };
}

/** Ordering keywords: a value or operand without an order (not a number or date) is not judged here. */
function ordered(holds: (a: number, b: number) => boolean) {
  return (value: unknown, other: unknown) => {
    const [a, b] = [comparable(value), comparable(other)];
    return a === null || b === null || holds(a, b);
  };
}

/**
 * lessThan, lessThanOrEqualTo, greaterThan, greaterThanOrEqualTo, equalTo, notEqualTo: each
 * against a constant or a sibling field (`{ "equalTo": { "field": "EmailAddress" } }`).
 * Numbers, numeric strings and dates (ISO or mm/dd/yyyy) are ordered.
 */
export const compareKeywords: FuncKeywordDefinition[] = [
  operandKeyword('lessThan', 'lessThan', ordered((a, b) => a < b)),
  operandKeyword('lessThanOrEqualTo', 'lessThanOrEqualTo', ordered((a, b) => a <= b)),
  operandKeyword('greaterThan', 'greaterThan', ordered((a, b) => a > b)),
  operandKeyword('greaterThanOrEqualTo', 'greaterThanOrEqualTo', ordered((a, b) => a >= b)),
  operandKeyword('equalTo', 'equalTo', sameValue),
  operandKeyword('notEqualTo', 'notEqualTo', (value, other) => !sameValue(value, other)),
];

/**
 * linkTo: the field is the confirmation of a sibling (`"ConfirmPassword": { "linkTo": "Password" }`).
 * Unlike equalTo it also fails when one of the two is empty and the other is not, so clearing
 * the password invalidates a typed confirmation. Reads 'Must equal {1}.' with the sibling's label.
 */
export const linkToKeyword: FuncKeywordDefinition = {
  keyword: 'linkTo',
  metaSchema: { type: 'string', minLength: 1 },
  errors: true,
  compile(field: string, parentSchema: AnySchemaObject) {
    const fieldSchema = parentSchema as SchemaNode;
    const validate: KeywordValidate = (data, cxt) => {
      const other = operandValue({ field }, cxt?.parentData);
      if (isEmptyValue(data) && isEmptyValue(other)) return true;
      if (!isEmptyValue(data) && !isEmptyValue(other) && sameValue(data, other)) return true;
      validate.errors = [keywordError('linkTo', 'equalTo', { field }, fieldSchema, cxt)];
      return false;
    };
    return validate;
  },
};
