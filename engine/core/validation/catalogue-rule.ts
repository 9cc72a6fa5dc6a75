import type { ErrorObject } from 'ajv';
import type { MessageKey } from '../messages.ts';
import { dateFormats, formatLabel } from './patterns.ts';
import { keywordMessageKeys } from './rule-messages.ts';

/** An ajv error in the catalogue's terms: which message, and what fills {1}. */
export interface CatalogueRule {
  key: MessageKey;
  value?: string | number;
}

/**
 * The catalogue message an ajv error reads as, or null when the catalogue has none (type,
 * additionalProperties, ...). `label` is the field's label; `siblingLabel` names a field that a
 * comparison refers to, so 'Must equal {1}.' reads 'Must equal Email Address.'.
 */
export function catalogueRuleOf(
  error: ErrorObject,
  label: string,
  siblingLabel: (field: string) => string,
): CatalogueRule | null {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'minLength': // a minimum of one character is how a schema says "required" for text
      return Number(params.limit) === 1 ? { key: 'required' } : { key: 'minLength', value: Number(params.limit) };
    case 'format': {
      const format = String(params.format);
      return dateFormats.has(format) ? { key: 'date' } : { key: 'pattern', value: formatLabel(format) };
    }
    case 'pattern': // a bare regular expression has no human name: the field's label stands in
      return { key: 'pattern', value: label };
    case 'const':
      return { key: 'equalTo', value: String(params.allowedValue) };
  }
  const key = keywordMessageKeys[error.keyword];
  if (!key) return null;
  if (typeof params.field === 'string') return { key, value: siblingLabel(params.field) };
  if ('operand' in params) return { key, value: String(params.operand) };
  if ('limit' in params) return { key, value: Number(params.limit) };
  return { key };
}
