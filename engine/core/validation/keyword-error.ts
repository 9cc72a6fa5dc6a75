import type { ErrorObject } from 'ajv';
import type { MessageKey } from '../messages.ts';
import { ruleMessage } from './rule-messages.ts';
import type { SchemaNode } from './schema-node.ts';

/** What ajv tells a keyword about where the value sits (a subset of ajv's DataValidationCxt, which ajv does not export). */
export interface KeywordDataCxt {
  parentData: unknown;
  parentDataProperty: string | number;
}

/** A compiled custom keyword: ajv reads `errors` after a failure (FuncKeywordDefinition with `errors: true`). */
export interface KeywordValidate {
  (data: unknown, cxt?: KeywordDataCxt): boolean;
  errors?: Array<Partial<ErrorObject>>;
}

/**
 * The error a custom keyword reports. `params` carry what describeAjvError needs ({1}: `limit`,
 * `operand` or a sibling `field`); `message` is already the spec's wording, for consumers
 * that show ajv's message as it is (RJSF without transformErrors).
 */
export function keywordError(
  keyword: string,
  key: MessageKey,
  params: Record<string, unknown>,
  fieldSchema: SchemaNode | undefined,
  cxt: KeywordDataCxt | undefined,
): Partial<ErrorObject> {
  const label = fieldSchema?.title || (cxt ? String(cxt.parentDataProperty) : 'Value');
  const value = 'field' in params ? params.field : 'operand' in params ? params.operand : params.limit;
  const shown = value === undefined ? undefined : String(value);
  return { keyword, params, message: ruleMessage(key, keyword, label, shown, fieldSchema?.messages) };
}
