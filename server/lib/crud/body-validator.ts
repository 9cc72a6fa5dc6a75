import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../../engine/core/ajv.ts';
import { ajvErrorsToItems, type ErrorItem } from '../../../engine/core/error-items.ts';
import { composeFormSchema, composeUiSchema, type FormDefinition, type FormMode, type JsonSchema, type UiSchema } from '../../../engine/core/forms/index.ts';
import { withWidgetRuleErrors } from '../../../engine/widgets/rule-walk.ts';
import { evaluateRules } from '../../../engine/core/rules/evaluate-rules.ts';
import type { Rule } from '../../../engine/core/rules/types.ts';

const ajv = createAjv({ coerceTypes: false, useDefaults: false });

/** A checked body: the writable values, what is wrong with them, and the form they were checked as (for the file check). */
export interface CheckedBody {
  values: Record<string, unknown>;
  errors: ErrorItem[];
  schema: JsonSchema;
  uiSchema: UiSchema;
}

/**
 * Checks a write the way the form did in the browser: the mode's fields, the entity's rules, the
 * screen's declarative rules (which may make fields required or optional) and the rules of the library
 * control each field is drawn with (an address's parts, a phone list's primary, ...), with the same messages.
 * Read-only and unknown properties are dropped first: the client sends back what it was shown.
 */
export function bodyValidator(entity: JsonSchema, form: FormDefinition, mode: FormMode) {
  const fields = mode === 'create' ? form.fields.create ?? form.fields.update : form.fields.update;
  const writable = fields.filter((f) => !entity.properties?.[f]?.readOnly);
  const rules = (form.rules ?? []) as unknown as Rule[];
  const compiled = new Map<string, { validate: ValidateFunction; schema: JsonSchema; uiSchema: UiSchema }>();

  return (body: Record<string, unknown>): CheckedBody => {
    const values = Object.fromEntries(writable.filter((f) => f in body).map((f) => [f, body[f]]));
    const outcome = evaluateRules(rules, values);
    const key = JSON.stringify([[...outcome.required].sort(), [...outcome.optional].sort(), [...outcome.hidden].sort()]);
    let entry = compiled.get(key);
    if (!entry) {
      const schema = composeFormSchema(entity, writable, mode, outcome);
      // Hidden fields are marked as such, so their controls' rules do not apply (as in the browser).
      entry = { validate: ajv.compile(schema), schema, uiSchema: composeUiSchema(form, writable, false, outcome) };
      compiled.set(key, entry);
    }
    const ok = entry.validate(values);
    const schemaErrors = ok ? [] : ajvErrorsToItems(entry.validate.errors, entry.schema);
    return { values, errors: withWidgetRuleErrors(schemaErrors, entry.schema, entry.uiSchema, values), schema: entry.schema, uiSchema: entry.uiSchema };
  };
}
