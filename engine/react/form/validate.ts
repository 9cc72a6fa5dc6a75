import type { ValidateFunction } from 'ajv';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { createAjv } from '../../core/ajv.ts';
import { addSpecKeywords } from '../../core/validation/add-spec-keywords.ts';
import { ajvErrorsToItems, type ErrorItem } from '../../core/error-items.ts';
import type { JsonSchema } from '../../core/forms/types.ts';

/** RJSF needs a validator for its schema utilities; the form's own checks run through `validateValues`. */
export const rjsfValidator = customizeValidator({ extenderFn: addSpecKeywords });

// The server's ajv setup, so the browser gives the server's messages for the same input.
const ajv = createAjv({ useDefaults: false });
const compiled = new WeakMap<object, ValidateFunction>();

/** Error items for the values against a composed form schema (compiled once per schema object). */
export function validateValues(schema: JsonSchema, values: Record<string, unknown>): ErrorItem[] {
  let validate = compiled.get(schema);
  if (!validate) {
    const { $id: _id, ...rest } = schema;
    validate = ajv.compile(rest);
    compiled.set(schema, validate);
  }
  return validate(values) ? [] : ajvErrorsToItems(validate.errors, schema);
}
