import type { FormDefinition, JsonSchema, UiSchema } from '../../core/forms/types.ts';

export interface SectionPlan {
  title?: string;
  fields: string[];
  /** How many fields come before this section's first (the order fields are mounted in). */
  offset: number;
}

/** The form's sections as declared, or one untitled section of every field. */
export function sectionPlan(form: FormDefinition, fields: string[]): SectionPlan[] {
  const declared = form.sections?.length
    ? form.sections.map((s) => ({ title: s.title, fields: s.fields.filter((f) => fields.includes(f)) })).filter((s) => s.fields.length)
    : [{ fields }];
  let offset = 0;
  return declared.map((section) => {
    const plan = { ...section, offset };
    offset += section.fields.length;
    return plan;
  });
}

/**
 * A field's help, shown once: the screen's ui:help when it has one (written for the people using the screen), otherwise
 * the entity's description. RJSF would show both, one under the other.
 */
function withOneHelp(property: Record<string, unknown>, fieldUi: unknown): Record<string, unknown> {
  if (!property.description || !(fieldUi as Record<string, unknown> | undefined)?.['ui:help']) return property;
  const { description: _replaced, ...rest } = property;
  return rest;
}

/** The part of a composed schema (and uiSchema) for some fields; the title stays off the subtree. */
export function pickSchema(schema: JsonSchema, fields: string[], uiSchema: UiSchema = {}): JsonSchema {
  const properties = Object.fromEntries(fields.filter((f) => schema.properties?.[f]).map((f) => [f, withOneHelp(schema.properties![f], uiSchema[f])]));
  return { type: 'object', properties, required: (schema.required ?? []).filter((f) => fields.includes(f)) };
}

export function pickUiSchema(uiSchema: UiSchema, fields: string[]): UiSchema {
  return { ...Object.fromEntries(fields.map((f) => [f, uiSchema[f]])), 'ui:order': [...fields, '*'] };
}

export function pickValues(data: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f in data).map((f) => [f, data[f]]));
}
