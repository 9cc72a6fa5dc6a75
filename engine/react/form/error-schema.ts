import type { ErrorSchema } from '@rjsf/utils';
import type { ErrorItem } from '../../core/error-items.ts';

/** Error items as RJSF's per-field error schema; items naming no field of the form are left for the list. */
export function toErrorSchema(items: ErrorItem[], fields: string[]): ErrorSchema {
  const schema: Record<string, { __errors: string[] }> = {};
  for (const item of items) {
    if (!item.PropertyName || !fields.includes(item.PropertyName)) continue;
    (schema[item.PropertyName] ??= { __errors: [] }).__errors.push(item.ErrorMessage);
  }
  return schema as ErrorSchema;
}

export function formLevelErrors(items: ErrorItem[], fields: string[]): ErrorItem[] {
  return items.filter((item) => !item.PropertyName || !fields.includes(item.PropertyName));
}
