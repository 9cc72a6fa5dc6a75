import { message } from '../../core/messages.ts';
import { widgetMessages } from '../shared/messages.ts';
import { PLACEHOLDER_ID, type SelectOption, type WidgetRule } from '../shared/types.ts';

/** The 'Please Select' placeholder option, Id -1. */
export const placeholderOption: SelectOption = { Id: PLACEHOLDER_ID, Name: widgetMessages.pleaseSelect };

/** The options without any placeholder the server may have included. */
export function realOptions(options: readonly SelectOption[]): SelectOption[] {
  return options.filter((o) => o.Id !== PLACEHOLDER_ID);
}

/** The options as shown: the placeholder first, then the real options. */
export function withPlaceholder(options: readonly SelectOption[]): SelectOption[] {
  return [placeholderOption, ...realOptions(options)];
}

/**
 * The options with a stored choice (a saved { Id, Name } reference) offered first when they lack it, so a control
 * whose options have not arrived yet still shows the choice by name instead of 'Please Select'.
 */
export function withStoredChoice<T extends { Id: number }>(options: readonly T[], stored: T | null | undefined): T[] {
  if (!stored || stored.Id === PLACEHOLDER_ID || options.some((o) => o.Id === stored.Id)) return [...options];
  return [stored, ...options];
}

/** True when the value is a real choice: present and not the placeholder Id -1. */
export function isSelected(value: unknown): value is number {
  return value !== undefined && value !== null && value !== '' && Number(value) !== PLACEHOLDER_ID;
}

/**
 * The value a select should hold once its options are known: an existing choice stays; with no
 * value it selects the placeholder, except that a required select with exactly one real option
 * selects that option (there is nothing else the user could choose).
 */
export function resolveSelectValue(value: unknown, options: readonly SelectOption[], required: boolean): number {
  if (isSelected(value)) return Number(value);
  const real = realOptions(options);
  if (required && real.length === 1) return real[0].Id;
  return PLACEHOLDER_ID;
}

/** Select required means a value other than Id -1. */
export const selectRule: WidgetRule = (value, { label, required }) =>
  required && !isSelected(value) ? [message('required', [label])] : [];
