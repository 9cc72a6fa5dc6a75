import type { CustomValidator, FormValidation, RJSFSchema, UiSchema } from '@rjsf/utils';
import { widgetRules } from './rules.ts';
import type { RuleResult } from './shared/types.ts';

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

function addResult(handler: Handler, result: RuleResult): void {
  if (Array.isArray(result)) {
    result.forEach((m) => handler.addError(m));
    return;
  }
  for (const [part, messages] of Object.entries(result)) {
    const target = part === '' ? handler : childHandler(handler, part);
    messages.forEach((m) => target.addError(m));
  }
}

/**
 * The control a field is drawn with: the one the uiSchema names, else the text input that RJSF uses
 * for a plain string (so the default 200-character maximum holds in every form).
 */
function controlName(schema: RJSFSchema, ui: UiSchema | undefined): string | undefined {
  const name = ui?.['ui:field'] ?? ui?.['ui:widget'];
  if (typeof name === 'string') return name;
  if (schema.type === 'string' && (schema.format === 'date' || schema.format === 'date-time')) return 'date';
  if (schema.type === 'string' && !schema.format && !schema.enum && !schema.oneOf && !schema.anyOf) return 'text';
  return undefined;
}

function walk(schema: RJSFSchema, ui: UiSchema | undefined, data: unknown, handler: Handler, required: boolean, name: string): void {
  const control = controlName(schema, ui);
  const rule = control ? widgetRules[control] : undefined;
  if (rule) {
    const options: Record<string, unknown> = { schemaMaxLength: schema.maxLength, ...(ui?.['ui:options'] ?? {}) };
    const label = String(ui?.['ui:title'] ?? schema.title ?? name);
    addResult(handler, rule(data, { label, required: required || options.required === true, options }));
    return; // a control validates its own parts
  }
  if (schema.properties && data !== null && typeof data === 'object') {
    const requiredKeys = new Set(schema.required ?? []);
    for (const [key, child] of Object.entries(schema.properties)) {
      if (typeof child !== 'object') continue;
      walk(child, ui?.[key] as UiSchema | undefined, (data as Record<string, unknown>)[key], childHandler(handler, key), requiredKeys.has(key), key);
    }
  }
  if (Array.isArray(data) && schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    data.forEach((item, i) => walk(schema.items as RJSFSchema, ui?.items as UiSchema | undefined, item, childHandler(handler, i), false, name));
  }
}

/**
 * A `customValidate` for RJSF that applies each library control's own rules (select required means
 * not -1, text required ignores whitespace, the text maximums, ...) wherever the uiSchema names the
 * control. The schema is needed for required-ness and labels, which RJSF does not pass along.
 */
export function createWidgetValidator<T = unknown>(schema: RJSFSchema): CustomValidator<T> {
  return (formData, errors, uiSchema) => {
    walk(schema, uiSchema as UiSchema | undefined, formData, errors as Handler, false, '');
    return errors;
  };
}
