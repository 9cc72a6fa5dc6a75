import type { ValidateFunction } from 'ajv';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { createAjv } from '../../core/ajv.ts';
import { addSpecKeywords } from '../../core/validation/add-spec-keywords.ts';
import { ajvErrorsToItems, type ErrorItem } from '../../core/error-items.ts';
import type { JsonSchema, UiSchema } from '../../core/forms/types.ts';
import { withWidgetRuleErrors } from '../../widgets/rule-walk.ts';
import { once } from '../../core/once.ts';

/**
 * The browser does not check the schemas it is given: the server checked them (metadata at start-up,
 * composed forms when they are saved), and compiling ajv's meta-schemas would delay every first form.
 */
const browserAjvOptions = { validateSchema: false } as const;

// Made when first used: an ajv instance costs a page's start-up tens of milliseconds it need not wait for.
const realRjsfValidator = once(() => customizeValidator({ extenderFn: addSpecKeywords, ajvOptionsOverrides: browserAjvOptions }));

/**
 * RJSF needs a validator for its schema utilities (only schemas with conditions or alternatives call it); the
 * form's own checks run through `validateValues`. One object, standing in for the real one until it is used.
 */
export const rjsfValidator = new Proxy({} as ReturnType<typeof customizeValidator>, {
  get(_, key) {
    const real = realRjsfValidator();
    const value = Reflect.get(real, key, real);
    return typeof value === 'function' ? value.bind(real) : value;
  },
});

// The server's ajv setup, so the browser gives the server's messages for the same input.
const ajv = once(() => createAjv({ useDefaults: false, ...browserAjvOptions }));
const compiled = new WeakMap<object, ValidateFunction>();

function compiledFor(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    const { $id: _id, ...rest } = schema;
    validate = ajv().compile(rest);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Error items for the values against a composed form schema (compiled once per schema object). */
function schemaErrors(schema: JsonSchema, values: Record<string, unknown>): ErrorItem[] {
  const validate = compiledFor(schema);
  return validate(values) ? [] : ajvErrorsToItems(validate.errors, schema);
}

const whenIdle = (work: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 50);
  return () => clearTimeout(timer);
};

/** Compiles a schema's validator while the browser is idle, so the first keystroke does not pay for it. */
export function prepareValidation(schema: JsonSchema): () => void {
  return whenIdle(() => void compiledFor(schema));
}

/**
 * Everything wrong with a form's values: the schema's rules and each library control's own rules, as the
 * server checks them too (server/lib/crud/body-validator.ts).
 */
export function validateValues(schema: JsonSchema, uiSchema: UiSchema, values: Record<string, unknown>): ErrorItem[] {
  return withWidgetRuleErrors(schemaErrors(schema, values), schema, uiSchema, values);
}
