import type { ErrorObject } from 'ajv';
import { message } from './messages.ts';

/** The specification's error item: the one error shape every failed call returns. */
export interface ErrorItem {
  PropertyName: string | null;
  ErrorMessage: string;
  ErrorCode: string | number;
}

interface SchemaLike {
  properties?: Record<string, { title?: string } | boolean>;
}

/** Field name that an ajv error is about: the missing property, or the last segment of its path. */
export function propertyNameOf(error: ErrorObject): string | null {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  const segments = error.instancePath.split('/').filter(Boolean);
  return segments.length ? segments[segments.length - 1] : null;
}

function labelOf(property: string | null, schema?: SchemaLike): string {
  if (!property) return 'Value';
  const prop = schema?.properties?.[property];
  return (typeof prop === 'object' && prop.title) || property;
}

/** One ajv error in the specification's words. */
export function describeAjvError(error: ErrorObject, schema?: SchemaLike): string {
  const property = propertyNameOf(error);
  const label = labelOf(property, schema);
  switch (error.keyword) {
    case 'required':
      return message('required', [label]);
    case 'minLength':
      return Number(error.params.limit) === 1
        ? message('required', [label])
        : message('minLength', [label, Number(error.params.limit)]);
    case 'maxLength':
      return message('maxLength', [label, Number(error.params.limit)]);
    case 'maximum':
      return message('lessThanOrEqualTo', [label, Number(error.params.limit)]);
    case 'exclusiveMaximum':
      return message('lessThan', [label, Number(error.params.limit)]);
    case 'minimum':
      return message('greaterThanOrEqualTo', [label, Number(error.params.limit)]);
    case 'exclusiveMinimum':
      return message('greaterThan', [label, Number(error.params.limit)]);
    case 'format':
      return message('pattern', [label, String(error.params.format).replace(/-/g, ' ')]);
    case 'pattern':
      return message('pattern', [label, label]);
    case 'additionalProperties':
      return `Unknown field ${String(error.params.additionalProperty)}.`;
    case 'type':
      return `${label} must be of type ${String(error.params.type)}.`;
    default:
      return `${label}: ${error.message ?? 'is invalid'}`;
  }
}

/** ajv errors as error items, one per field and rule. */
export function ajvErrorsToItems(errors: ErrorObject[] | null | undefined, schema?: SchemaLike): ErrorItem[] {
  return (errors ?? []).map((error) => ({
    PropertyName: error.keyword === 'additionalProperties'
      ? String(error.params.additionalProperty)
      : propertyNameOf(error),
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
