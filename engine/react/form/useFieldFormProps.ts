import { useMemo, useRef } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { ErrorItem } from '../../core/error-items.ts';
import type { JsonSchema, UiSchema } from '../../core/forms/types.ts';
import { pickSchema, pickUiSchema, pickValues } from './sections.ts';
import { toErrorSchema } from './error-schema.ts';

export interface FieldProps {
  schema: JsonSchema;
  uiSchema: UiSchema;
  data: Record<string, unknown>;
  errors: ErrorSchema;
}

const sameErrorSchema = (a: ErrorSchema, b: ErrorSchema) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Per-field props that keep their identity while the field's schema, value and errors are unchanged, so
 * that memoised fields skip rendering when another field is edited.
 */
export function useFieldFormProps(fields: string[], schema: JsonSchema, uiSchema: UiSchema, data: Record<string, unknown>, errors: ErrorItem[]): Map<string, FieldProps> {
  const schemas = useMemo(() => new Map(fields.map((f) => [f, { schema: pickSchema(schema, [f]), uiSchema: pickUiSchema(uiSchema, [f], schema) }])), [fields, schema, uiSchema]);
  const previous = useRef(new Map<string, FieldProps>());
  const next = new Map<string, FieldProps>();
  for (const field of fields) {
    const before = previous.current.get(field);
    const { schema: fieldSchema, uiSchema: fieldUi } = schemas.get(field)!;
    const values = before && before.data[field] === data[field] && (field in before.data) === (field in data) ? before.data : pickValues(data, [field]);
    const fieldErrors = toErrorSchema(errors, [field]);
    const candidate = { schema: fieldSchema, uiSchema: fieldUi, data: values, errors: before && sameErrorSchema(before.errors, fieldErrors) ? before.errors : fieldErrors };
    const unchanged = before && before.schema === candidate.schema && before.uiSchema === candidate.uiSchema && before.data === candidate.data && before.errors === candidate.errors;
    next.set(field, unchanged ? before : candidate);
  }
  previous.current = next;
  return next;
}
