import { defaultMessages } from '../messages.ts';
import type { ConfigItem } from './types.ts';

/** Spec 1 sections 5 and 9: a config item's text is at most 250 characters. */
export const CONFIG_ITEM_MAX_LENGTH = 250;

/** The keywords an item's FormItemValidationConfig may use; anything else in stored config is ignored. */
const ruleKeywords = [
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'format',
  'lessThan', 'lessThanOrEqualTo', 'greaterThan', 'greaterThanOrEqualTo', 'equalTo', 'notEqualTo',
  'beforeTimeOfDay', 'decimalPlaces',
];
/** Rules whose message is the item's FieldMessage when it has one; ranges and lengths keep the catalogue's words. */
const fieldMessageKeywords = ['pattern', 'lessThan', 'lessThanOrEqualTo', 'greaterThan', 'greaterThanOrEqualTo', 'equalTo', 'notEqualTo', 'beforeTimeOfDay'];

/** The JSON type of a SysType ('System.Int32' and 'Int32' alike); unknown types are text. */
export function jsonTypeOf(sysType: string): 'integer' | 'number' | 'boolean' | 'string' {
  const name = sysType.replace(/^System\./i, '').toLowerCase();
  if (['int16', 'int32', 'int64', 'integer', 'int'].includes(name)) return 'integer';
  if (['decimal', 'double', 'single', 'number'].includes(name)) return 'number';
  if (['boolean', 'bool'].includes(name)) return 'boolean';
  return 'string';
}

/** Whether the item's config makes it required. */
export function isRequiredItem(item: ConfigItem): boolean {
  return item.FormItemValidationConfig?.required === true;
}

/**
 * The JSON Schema of one config item: its label (Name), description and type (SysType), text at most 250
 * characters, the rules its FormItemValidationConfig names (`readOnly: true` shows it read-only), and its
 * FieldMessage as the message of its comparison rules.
 */
export function configItemSchema(item: ConfigItem): Record<string, unknown> {
  const config = item.FormItemValidationConfig ?? {};
  const type = jsonTypeOf(item.SysType);
  const schema: Record<string, unknown> = { type, title: item.Name };
  if (item.Description?.trim()) schema.description = item.Description;
  for (const keyword of ruleKeywords) if (config[keyword] !== undefined) schema[keyword] = config[keyword];
  const messages: Record<string, string> = {};
  if (type === 'string') {
    schema.maxLength = Math.min(Number(schema.maxLength ?? CONFIG_ITEM_MAX_LENGTH), CONFIG_ITEM_MAX_LENGTH);
    messages.maxLength = defaultMessages.textMaximum;
  }
  if (item.FieldMessage?.trim()) for (const keyword of fieldMessageKeywords) if (schema[keyword] !== undefined) messages[keyword] = item.FieldMessage;
  if (Object.keys(messages).length) schema.messages = messages;
  if (config.readOnly === true) schema.readOnly = true;
  return schema;
}
