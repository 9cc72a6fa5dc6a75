import { defaultMessages, formatMessage, type MessageKey } from '../messages.ts';
import type { FieldMessages } from './schema-node.ts';

/** The catalogue message each keyword reads as, where it is always the same one. */
export const keywordMessageKeys: Readonly<Record<string, MessageKey>> = {
  required: 'required',
  requiredText: 'required',
  maxLength: 'maxLength',
  maximum: 'lessThanOrEqualTo',
  exclusiveMaximum: 'lessThan',
  minimum: 'greaterThanOrEqualTo',
  exclusiveMinimum: 'greaterThan',
  lessThan: 'lessThan',
  lessThanOrEqualTo: 'lessThanOrEqualTo',
  greaterThan: 'greaterThan',
  greaterThanOrEqualTo: 'greaterThanOrEqualTo',
  pattern: 'pattern',
  equalTo: 'equalTo',
  const: 'equalTo',
  linkTo: 'equalTo',
  notEqualTo: 'notEqualTo',
  minItems: 'minSelections',
  minSelections: 'minSelections',
  maxItems: 'maxSelections',
  maxSelections: 'maxSelections',
  decimalPlaces: 'decimalPlaces',
  beforeTimeOfDay: 'timeOfDayOrder',
};

/**
 * A catalogue message for one failed rule, with the field's own message (if configured) taking
 * precedence: `messages[keyword]`, then `messages[key]`, then the default.
 */
export function ruleMessage(
  key: MessageKey,
  keyword: string,
  label: string,
  value: string | number | undefined,
  messages: FieldMessages | undefined,
): string {
  const template = messages?.[keyword] ?? messages?.[key] ?? defaultMessages[key];
  return value === undefined ? formatMessage(template, label) : formatMessage(template, label, value);
}
