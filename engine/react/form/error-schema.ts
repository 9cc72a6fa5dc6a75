import type { ErrorSchema } from '@rjsf/utils';
import { fieldOfItem, type ErrorItem } from '../../core/error-items.ts';

type Node = { __errors?: string[] } & { [part: string]: Node | string[] | undefined };

/**
 * Error items as RJSF's error schema; a dotted PropertyName ('Address.State', 'PhoneNumbers.0.Type')
 * reaches the part it names. Items naming no field of the form are left for the list.
 */
export function toErrorSchema(items: ErrorItem[], fields: string[]): ErrorSchema {
  const schema: Node = {};
  for (const item of items) {
    if (!fields.includes(fieldOfItem(item) ?? '')) continue;
    const node = item.PropertyName!.split('.').reduce<Node>((at, part) => (at[part] ??= {}) as Node, schema);
    (node.__errors ??= []).push(item.ErrorMessage);
  }
  return schema as ErrorSchema;
}

export function formLevelErrors(items: ErrorItem[], fields: string[]): ErrorItem[] {
  return items.filter((item) => !fields.includes(fieldOfItem(item) ?? ''));
}
