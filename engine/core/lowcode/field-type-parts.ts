import { defaultMessages } from '../messages.ts';
import type { AttributeDefinition, Attributes } from './field-types.ts';

/** The building blocks of the field type catalogue (field-types.ts): shared attributes, schemas and widget choices. */

export const requiredAttribute: AttributeDefinition = { name: 'required', label: 'Required', type: 'boolean', default: false, mapsTo: 'required' };

export const nullable = (type: string, required: boolean): string | string[] => (required ? type : [type, 'null']);

export function textAttributes(maxLength: number, limit: number): AttributeDefinition[] {
  return [
    requiredAttribute,
    { name: 'minLength', label: 'Minimum Length', type: 'integer', minimum: 0, maximum: limit, mapsTo: 'minLength' },
    { name: 'maxLength', label: 'Maximum Length', type: 'integer', minimum: 1, maximum: limit, default: maxLength, mapsTo: 'maxLength' },
  ];
}

/** A text's limits live in its schema (the text widget then defers to them: one message per fault). */
export function textSchema(a: Attributes, required: boolean): Record<string, unknown> {
  const min = typeof a.minLength === 'number' ? a.minLength : 0;
  return {
    type: nullable('string', required),
    // requiredText alone refuses an empty or blank value: a minLength of 1 beside it would say so a second time.
    ...(required ? { requiredText: true } : {}),
    ...(min > 1 || (!required && min > 0) ? { minLength: min } : {}),
    maxLength: a.maxLength,
    ...(typeof a.pattern === 'string' && a.pattern ? { format: a.pattern } : {}),
  };
}

/**
 * Text of the US phone or EIN pattern is typed into the widget library's phone or EIN input: it shows (555) 123-4567
 * or 12-3456789 and stores the digits, which the pattern accepts too.
 */
export const formattedTextWidgets: Partial<Record<string, string>> = { usPhone: 'phone', ein: 'ein' };

/** Bounds of a number, as the comparison attributes of the specification. */
export function boundAttributes(minimum?: number, maximum?: number): AttributeDefinition[] {
  const range = { minimum, maximum };
  return [
    { name: 'greaterThanOrEqualTo', label: 'Greater Than Or Equal To', type: 'number', ...range, mapsTo: 'minimum' },
    { name: 'greaterThan', label: 'Greater Than', type: 'number', ...range, mapsTo: 'exclusiveMinimum' },
    { name: 'lessThanOrEqualTo', label: 'Less Than Or Equal To', type: 'number', ...range, mapsTo: 'maximum' },
    { name: 'lessThan', label: 'Less Than', type: 'number', ...range, mapsTo: 'exclusiveMaximum' },
  ];
}

export function boundKeywords(a: Attributes): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof a.greaterThanOrEqualTo === 'number') out.minimum = a.greaterThanOrEqualTo;
  if (typeof a.greaterThan === 'number') out.exclusiveMinimum = a.greaterThan;
  if (typeof a.lessThanOrEqualTo === 'number') out.maximum = a.lessThanOrEqualTo;
  if (typeof a.lessThan === 'number') out.exclusiveMaximum = a.lessThan;
  return out;
}

export const decimalPlacesAttribute = (fallback: number, maximum = 10): AttributeDefinition =>
  ({ name: 'decimalPlaces', label: 'Decimal Places', type: 'integer', minimum: 0, maximum, default: fallback, mapsTo: 'decimalPlaces' });

export const countAttributes = (min: string, max: string, labels: [string, string], mapsTo: [string, string]): AttributeDefinition[] => [
  { name: min, label: labels[0], type: 'integer', minimum: 0, maximum: 1000, mapsTo: mapsTo[0] },
  { name: max, label: labels[1], type: 'integer', minimum: 1, maximum: 1000, mapsTo: mapsTo[1] },
];

/**
 * A select-many's counts in its schema: required means at least one, read as '{0} is required.'
 * (spec 2 section 5: required is met by one selection). The minimum and maximum attributes go to
 * the widget's ui:options instead, whose rule (run by the browser and the server alike) gives the
 * specification's texts and the 'N selection(s) remaining' counter; in the schema too they would
 * show a second message for one fault.
 */
export function selectionBounds(required: boolean): Record<string, unknown> {
  return required ? { minSelections: 1, messages: { minSelections: defaultMessages.required } } : {};
}

export const lookupListAttribute: AttributeDefinition = { name: 'lookupListId', label: 'Lookup List', type: 'integer', minimum: 1, required: true, mapsTo: 'ui:options.source' };

export const idName = { type: ['object', 'null'], properties: { Id: { type: 'integer' }, Name: { type: 'string' } } };
export const isoDate = (required: boolean) => ({ type: nullable('string', required), format: 'date' });
export const limitedText = (title: string, maxLength = 200) => ({ type: 'string', title, maxLength });

/** Only the options that are set. */
export function options(entries: Record<string, unknown>): Record<string, unknown> {
  const set = Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  return Object.keys(set).length ? { 'ui:options': set } : {};
}
