import type { ErrorItem } from '../core/error-items.ts';
import { widgetRules } from './rules.ts';
import type { RuleResult } from './shared/types.ts';

/**
 * The widget rules without React: this file and the rules it reads are plain TypeScript, so the server
 * checks a record with the very functions the browser's controls use (see test/widgets/rules-are-pure.test.ts).
 */
export interface RuleSchema {
  type?: unknown;
  title?: string;
  format?: string;
  maxLength?: number;
  enum?: unknown;
  oneOf?: unknown;
  anyOf?: unknown;
  required?: string[];
  properties?: Record<string, unknown>;
  items?: unknown;
}

export type RuleUi = Record<string, unknown> | undefined;

/** Where a message goes: the path of property names and item indexes from the record's root. */
export type RuleVisitor = (path: Array<string | number>, message: string) => void;

/**
 * The control a field is drawn with: the one the uiSchema names, else the text input that RJSF uses
 * for a plain string (so the default 200-character maximum holds in every form).
 */
export function controlName(schema: RuleSchema, ui: RuleUi): string | undefined {
  const name = ui?.['ui:field'] ?? ui?.['ui:widget'];
  if (typeof name === 'string') return name;
  if (schema.type === 'string' && (schema.format === 'date' || schema.format === 'date-time')) return 'date';
  if (schema.type === 'string' && !schema.format && !schema.enum && !schema.oneOf && !schema.anyOf) return 'text';
  return undefined;
}

function report(path: Array<string | number>, result: RuleResult, visit: RuleVisitor): void {
  if (Array.isArray(result)) {
    result.forEach((m) => visit(path, m));
    return;
  }
  for (const [part, messages] of Object.entries(result)) messages.forEach((m) => visit(part === '' ? path : [...path, part], m));
}

/** A field drawn with a library control, as walkControls finds it. */
export interface ControlSite {
  control: string;
  /** The control's ui:options, with the schema's maxLength as schemaMaxLength. */
  options: Record<string, unknown>;
  value: unknown;
  path: Array<string | number>;
  label: string;
  required: boolean;
}

/**
 * Visits every field drawn with a library control (named by the uiSchema, or the text input of a plain
 * string), depth first; a control's own parts are its business, so the walk does not go inside it.
 */
export function walkControls(schema: RuleSchema, ui: RuleUi, data: unknown, visit: (site: ControlSite) => void, required = false, path: Array<string | number> = []): void {
  const control = controlName(schema, ui);
  if (control && widgetRules[control]) {
    const options: Record<string, unknown> = { schemaMaxLength: schema.maxLength, ...((ui?.['ui:options'] as object | undefined) ?? {}) };
    // An array item is labelled by the list's name.
    const name = [...path].reverse().find((p) => typeof p === 'string') ?? '';
    const label = String(ui?.['ui:title'] ?? schema.title ?? name);
    visit({ control, options, value: data, path, label, required: required || options.required === true });
    return;
  }
  if (schema.properties && data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const requiredKeys = new Set(schema.required ?? []);
    for (const [key, child] of Object.entries(schema.properties)) {
      if (typeof child !== 'object' || child === null) continue;
      walkControls(child as RuleSchema, ui?.[key] as RuleUi, (data as Record<string, unknown>)[key], visit, requiredKeys.has(key), [...path, key]);
    }
  }
  const items = schema.items;
  if (Array.isArray(data) && items && typeof items === 'object' && !Array.isArray(items)) {
    data.forEach((item, i) => walkControls(items as RuleSchema, ui?.items as RuleUi, item, visit, false, [...path, i]));
  }
}

/** Applies each library control's rule wherever the uiSchema (or a plain string) calls for it, depth first. */
export function walkWidgetRules(schema: RuleSchema, ui: RuleUi, data: unknown, visit: RuleVisitor, required = false, path: Array<string | number> = []): void {
  walkControls(schema, ui, data, ({ control, options, value, path: at, label, required: isRequired }) => {
    report(at, widgetRules[control](value, { label, required: isRequired, options }), visit);
  }, required, path);
}

/**
 * The widget rules' messages for a record as error items, named by dotted path ('Address.State'), the
 * same in the browser's forms and in the server's checks of a write.
 */
export function widgetRuleErrors(schema: RuleSchema, uiSchema: RuleUi, data: Record<string, unknown>): ErrorItem[] {
  const items: ErrorItem[] = [];
  walkWidgetRules(schema, uiSchema, data, (path, message) => {
    items.push({ PropertyName: path.length ? path.join('.') : null, ErrorMessage: message, ErrorCode: 'widget' });
  });
  return items;
}

/**
 * A record's schema errors together with its widget rules' errors, each message once per field. Where a control's
 * rule speaks of a field, the schema's type and format errors there are left out: 'Must be a valid currency amount.'
 * says what 'Cost must be a number.' says, in the words of the input the person typed into.
 */
export function withWidgetRuleErrors(schemaErrors: ErrorItem[], schema: RuleSchema, uiSchema: RuleUi, data: Record<string, unknown>): ErrorItem[] {
  const seen = new Set(schemaErrors.map((e) => `${e.PropertyName}\u0000${e.ErrorMessage}`));
  const extra = widgetRuleErrors(schema, uiSchema, data).filter((e) => !seen.has(`${e.PropertyName}\u0000${e.ErrorMessage}`));
  if (!extra.length) return schemaErrors;
  const ruled = new Set(extra.map((e) => e.PropertyName));
  const saidByRule = (e: ErrorItem) => (e.ErrorCode === 'type' || e.ErrorCode === 'format') && ruled.has(e.PropertyName);
  return [...schemaErrors.filter((e) => !saidByRule(e)), ...extra];
}
