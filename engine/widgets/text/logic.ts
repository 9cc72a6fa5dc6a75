import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';

/** Default maximum length of a text input. */
export const TEXT_MAX_LENGTH = 200;
/** Default maximum length of a text area. */
export const TEXT_AREA_MAX_LENGTH = 2000;
/** Default maximum length of rich text (counted on the stored HTML). */
export const RICH_TEXT_MAX_LENGTH = 8000;
/** Default maximum length of a phone input. */
export const PHONE_MAX_LENGTH = 200;

/** ui:options of the text controls; `schemaMaxLength` is the schema's own maxLength, added by the validator. */
export interface TextOptions { maxLength?: number; schemaMaxLength?: number; /** The input's type (email, url, ...), for a formatted string drawn as text. */ inputType?: string }

/** True when the value holds something other than whitespace and line breaks. */
export function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim().length > 0;
}

/** The maximum in force: the field's own, else the control's default. */
export function effectiveMaxLength(options: TextOptions, fallback: number): number {
  return options.maxLength && options.maxLength > 0 ? options.maxLength : fallback;
}

/** True when the text is longer than the maximum. */
export function exceedsMaxLength(value: unknown, max: number): boolean {
  return typeof value === 'string' && value.length > max;
}

/**
 * The rule of a text control with a default maximum: required ignores whitespace and line breaks,
 * and a value over the maximum gives 'You have exceeded the maximum character length allowable
 * for this field.'. `visible` turns the value into what counts (rich text counts its words).
 */
export function textRule(defaultMax: number, visible: (v: string) => string = (v) => v): WidgetRule<unknown, TextOptions> {
  return (value, { label, required, options }) => {
    const text = typeof value === 'string' ? value : '';
    if (required && !hasText(visible(text))) return [message('required', [label])];
    // A maxLength in the schema is already enforced by ajv; repeating it here would show it twice.
    if (!options.maxLength && options.schemaMaxLength) return [];
    if (exceedsMaxLength(text, effectiveMaxLength(options, defaultMax))) return [message('textMaximum')];
    return [];
  };
}

/** Text input rule (maximum 200). */
export const textInputRule = textRule(TEXT_MAX_LENGTH);
/** Text area rule (maximum 2000). */
export const textAreaRule = textRule(TEXT_AREA_MAX_LENGTH);
