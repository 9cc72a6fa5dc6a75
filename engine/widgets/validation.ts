import type { CustomValidator, FormValidation, RJSFSchema } from '@rjsf/utils';
import { walkWidgetRules, type RuleSchema } from './rule-walk.ts';

type Handler = FormValidation & Record<string, unknown>;

function childHandler(parent: Handler, key: string | number): Handler {
  // RJSF only builds handlers for keys present in the data; an absent value may still break a rule.
  if (!parent[key]) {
    const errors: string[] = [];
    const fresh = { __errors: errors, addError: (m: string) => void errors.push(m) };
    parent[key] = fresh as unknown as Handler;
  }
  return parent[key] as Handler;
}

/**
 * A `customValidate` for RJSF that applies each library control's own rules (select required means
 * not -1, text required ignores whitespace, the text maximums, ...) wherever the uiSchema names the
 * control. The schema is needed for required-ness and labels, which RJSF does not pass along.
 */
export function createWidgetValidator<T = unknown>(schema: RJSFSchema): CustomValidator<T> {
  return (formData, errors, uiSchema) => {
    walkWidgetRules(schema as RuleSchema, uiSchema as Record<string, unknown> | undefined, formData, (path, message) => {
      path.reduce<Handler>((handler, key) => childHandler(handler, key), errors as Handler).addError(message);
    });
    return errors;
  };
}
