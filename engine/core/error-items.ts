import type { ErrorObject } from 'ajv';
import { catalogueRuleOf } from './validation/catalogue-rule.ts';
import { ruleMessage } from './validation/rule-messages.ts';
import { labelOf, pathSegments, schemaAt, type SchemaNode } from './validation/schema-node.ts';

/** The specification's error item: the one error shape every failed call returns. */
export interface ErrorItem {
  PropertyName: string | null;
  ErrorMessage: string;
  ErrorCode: string | number;
}

/** The parts of a JSON Schema that messages are made from: titles, nested properties and items, `messages`. */
export type SchemaLike = SchemaNode;

/** Field name that an ajv error is about: the missing property, or the last segment of its path. */
export function propertyNameOf(error: ErrorObject): string | null {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  const segments = pathSegments(error.instancePath);
  return segments.length ? segments[segments.length - 1] : null;
}

/** The schema of the field an error is about; a flat lookup by name when the path cannot be followed. */
function fieldSchemaOf(error: ErrorObject, root: SchemaNode | undefined, property: string | null): SchemaNode | undefined {
  const segments = pathSegments(error.instancePath);
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  const flat = property ? root?.properties?.[property] : undefined;
  return schemaAt(root, segments) ?? (typeof flat === 'object' ? flat : undefined);
}

/** The label of a sibling of the field at `instancePath` (for comparisons with another field). */
function siblingLabel(root: SchemaNode | undefined, instancePath: string, field: string): string {
  const sibling = schemaAt(root, [...pathSegments(instancePath).slice(0, -1), field]) ?? schemaAt(root, [field]);
  return labelOf(sibling, field);
}

const typeNames: Record<string, string> = {
  integer: 'a whole number', number: 'a number', string: 'text', boolean: 'yes or no', array: 'a list', object: 'a group of values',
};

/** What a value must be, in words: the expected type ('integer' or ['integer', 'null']) without the null it may also be. */
function typeWords(type: unknown): string {
  const types = (Array.isArray(type) ? type : String(type).split(',')).map(String).filter((t) => t !== 'null');
  return types.map((t) => typeNames[t] ?? t).join(' or ') || 'empty';
}

/**
 * One ajv error in the specification's words. The field's `title` fills {0} and the rule's value
 * {1}; a `messages` object on the field's schema overrides the catalogue (see FieldMessages):
 * `{ "title": "Role", "notEqualTo": -1, "messages": { "notEqualTo": "{0} is required." } }`.
 */
export function describeAjvError(error: ErrorObject, schema?: SchemaLike): string {
  const property = propertyNameOf(error);
  const fieldSchema = fieldSchemaOf(error, schema, property);
  const label = labelOf(fieldSchema, property);
  const rule = catalogueRuleOf(error, label, (field) => siblingLabel(schema, error.instancePath, field));
  if (rule) return ruleMessage(rule.key, error.keyword, label, rule.value, fieldSchema?.messages);
  switch (error.keyword) {
    case 'additionalProperties':
      return `Unknown field ${String(error.params.additionalProperty)}.`;
    case 'type':
      return `${label} must be ${typeWords(error.params.type)}.`;
    default:
      return `${label}: ${error.message ?? 'is invalid'}`;
  }
}

/**
 * Where an error is: a dotted path of property names and item indexes ('PhoneNumbers.0.Type'), so a
 * form can show it at the part it is about; null for the record as a whole.
 */
export function propertyPathOf(error: ErrorObject): string | null {
  const segments = pathSegments(error.instancePath);
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  return segments.length ? segments.join('.') : null;
}

/** The top-level field an error item is about ('Address' for 'Address.State'). */
export function fieldOfItem(item: Pick<ErrorItem, 'PropertyName'>): string | null {
  return item.PropertyName ? item.PropertyName.split('.')[0] : null;
}

/** ajv errors as error items, one per field and rule. */
export function ajvErrorsToItems(errors: ErrorObject[] | null | undefined, schema?: SchemaLike): ErrorItem[] {
  return (errors ?? []).map((error) => ({
    PropertyName: propertyPathOf(error),
    ErrorMessage: describeAjvError(error, schema),
    ErrorCode: error.keyword,
  }));
}

/** A single error is wrapped into a list (spec 1 section 8). */
export function toErrorList(value: unknown): ErrorItem[] {
  if (Array.isArray(value)) return value.filter(isErrorItemLike).map(normaliseErrorItem);
  if (isErrorItemLike(value)) return [normaliseErrorItem(value)];
  if (typeof value === 'string' && value) return [{ PropertyName: null, ErrorMessage: value, ErrorCode: 0 }];
  return [];
}

function isErrorItemLike(value: unknown): value is Partial<ErrorItem> & { ExceptionMessage?: string } {
  return typeof value === 'object' && value !== null && ('ErrorMessage' in value || 'ExceptionMessage' in value);
}

function normaliseErrorItem(value: Partial<ErrorItem> & { ExceptionMessage?: string }): ErrorItem {
  return {
    PropertyName: value.PropertyName ?? null,
    ErrorMessage: String(value.ErrorMessage ?? value.ExceptionMessage ?? ''),
    ErrorCode: value.ErrorCode ?? 0,
  };
}
