import { createAjv } from '../../../engine/core/ajv.ts';
import { ajvErrorsToItems, type ErrorItem, type SchemaLike } from '../../../engine/core/error-items.ts';

const ajv = createAjv();

/** An object schema holding one field under test (`Field`, titled 'Field Label') beside optional siblings. */
export function formSchema(field: object, siblings: Record<string, object> = {}) {
  return {
    type: 'object',
    properties: { ...siblings, Field: { title: 'Field Label', ...field } },
  };
}

/** The error items the server would answer for `data` against `schema` (the same functions the browser uses). */
export function itemsFor(schema: object, data: unknown): ErrorItem[] {
  const validate = ajv.compile(schema);
  validate(data);
  return ajvErrorsToItems(validate.errors, schema as SchemaLike);
}

/** The messages for one field's value, with sibling values beside it. */
export function messagesFor(field: object, value: unknown, siblings: Record<string, [object, unknown]> = {}): string[] {
  const schema = formSchema(field, Object.fromEntries(Object.entries(siblings).map(([k, [s]]) => [k, s])));
  const data = { ...Object.fromEntries(Object.entries(siblings).map(([k, [, v]]) => [k, v])), Field: value };
  return itemsFor(schema, data).map((item) => item.ErrorMessage);
}
