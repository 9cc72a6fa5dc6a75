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
 * A field's help, shown once and in one style: the screen's ui:help when it has one (written for the people using the
 * screen), otherwise the entity's description. RJSF would show both, the description in a style of its own.
 */
function withoutDescription(property: Record<string, unknown>): Record<string, unknown> {
  if (!property.description) return property;
  const { description: _shownAsHelp, ...rest } = property;
  return rest;
}

/** The part of a composed schema for some fields; the title stays off the subtree, descriptions become help (pickUiSchema). */
export function pickSchema(schema: JsonSchema, fields: string[]): JsonSchema {
  const properties = Object.fromEntries(fields.filter((f) => schema.properties?.[f]).map((f) => [f, withoutDescription(schema.properties![f])]));
  return { type: 'object', properties, required: (schema.required ?? []).filter((f) => fields.includes(f)) };
}

/** The part of a composed uiSchema for some fields, each with its help: its ui:help, else its property's description. */
export function pickUiSchema(uiSchema: UiSchema, fields: string[], schema?: JsonSchema): UiSchema {
  const entryOf = (field: string) => {
    const entry = uiSchema[field] as Record<string, unknown> | undefined;
    const description = schema?.properties?.[field]?.description;
    return typeof description === 'string' && description && !entry?.['ui:help'] ? { ...entry, 'ui:help': description } : entry;
  };
  return { ...Object.fromEntries(fields.map((f) => [f, entryOf(f)])), 'ui:order': [...fields, '*'] };
}

export function pickValues(data: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f in data).map((f) => [f, data[f]]));
}
