import type { AnySchemaObject, FuncKeywordDefinition, KeywordDefinition } from 'ajv';
import type { MessageKey } from '../messages.ts';
import { keywordError, type KeywordValidate } from './keyword-error.ts';
import type { SchemaNode } from './schema-node.ts';

/** Digits right of the decimal point of a number or numeric text ('$1,234.567' -> 3); null when not a number. */
export function decimalPlacesOf(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^[-+(]?\$?[\d,]*(?:\.(\d+))?\)?(?:e([-+]?\d+))?$/i.exec(text);
  if (!match || !/\d/.test(text)) return null;
  return Math.max(0, (match[1]?.length ?? 0) - Number(match[2] ?? 0));
}

/** A keyword whose value is a number or true, failing when `fails(data, schemaValue)`. */
function valueKeyword(
  keyword: string,
  key: MessageKey,
  metaSchema: object,
  fails: (data: unknown, limit: number) => boolean,
): FuncKeywordDefinition {
  return {
    keyword,
    metaSchema,
    errors: true,
    compile(limit: number, parentSchema: AnySchemaObject) {
      const fieldSchema = parentSchema as SchemaNode;
      const validate: KeywordValidate = (data, cxt) => {
        if (!fails(data, limit)) return true;
        const params = typeof limit === 'number' ? { limit } : {};
        validate.errors = [keywordError(keyword, key, params, fieldSchema, cxt)];
        return false;
      };
      return validate;
    },
  };
}

const count = { type: 'integer', minimum: 0 };

/**
 * decimalPlaces (n): at most n digits right of the decimal. requiredText (true): a text that is
 * only spaces and line breaks counts as empty ('{0} is required.'). minSelections / maxSelections
 * (n): how many items of an array (a multi-select) are chosen.
 */
export const valueKeywords: FuncKeywordDefinition[] = [
  valueKeyword('decimalPlaces', 'decimalPlaces', count, (data, limit) => {
    const places = decimalPlacesOf(data);
    return places !== null && places > limit;
  }),
  valueKeyword('requiredText', 'required', { type: 'boolean' }, (data, on) =>
    Boolean(on) && (data === null || (typeof data === 'string' && data.trim() === ''))),
  valueKeyword('minSelections', 'minSelections', count, (data, limit) => Array.isArray(data) && data.length < limit),
  valueKeyword('maxSelections', 'maxSelections', count, (data, limit) => Array.isArray(data) && data.length > limit),
];

/** `messages`: an annotation holding the field's own messages (see FieldMessages); it validates nothing. */
export const messagesKeyword: KeywordDefinition = {
  keyword: 'messages',
  metaSchema: { type: 'object', additionalProperties: { type: 'string' } },
};
