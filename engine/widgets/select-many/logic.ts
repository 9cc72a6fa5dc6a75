import { message } from '../../core/messages.ts';
import { widgetMessage, widgetMessages } from '../shared/messages.ts';
import type { SelectOption, WidgetRule } from '../shared/types.ts';

/** One chosen item of a select-many, as the server stores it (spec 3 "Select-many item"). */
export interface SelectManyItem { Id: number; Name?: string; SpecifyMore?: string }

/** A select-many value: plain Ids when the schema's items are numbers, otherwise items with Id. */
export type SelectManyValue = Array<number | SelectManyItem>;

/** ui:options of a select-many. */
export interface SelectManyOptions { maxSelections?: number; minSelections?: number }

/** The chosen Ids, whichever shape the value has. */
export function selectedIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.map((v) => (typeof v === 'object' && v !== null ? Number((v as SelectManyItem).Id) : Number(v)));
}

/** The most choices the closed control names; beyond it a name list stops being readable at a glance. */
const namedAtMost = 3;

/**
 * The closed control's text: 'Please Select...' with nothing chosen, the chosen names (a user's roles) while there are
 * few, otherwise the spec's 'N selected'.
 */
export function summaryText(names: readonly string[]): string {
  if (names.length === 0) return widgetMessages.pleaseSelectMany;
  return names.length <= namedAtMost ? names.join(', ') : widgetMessage('nSelected', names.length);
}

/** 'N selection(s) remaining' when a maximum above 0 is set, otherwise nothing. */
export function remainingText(count: number, max: number | undefined): string | null {
  if (!max || max <= 0) return null;
  return widgetMessage('selectionsRemaining', Math.max(0, max - count));
}

/** Whether another option may be checked: always without a maximum, otherwise below it. */
export function canSelectMore(count: number, max: number | undefined): boolean {
  return !max || max <= 0 || count < max;
}

/**
 * Checks or unchecks an option. Items keep their shape; unchecking drops the item with its
 * SpecifyMore text, because an answer to a question no longer asked must not be saved.
 */
export function toggleSelection(value: unknown, option: SelectOption, asIds: boolean): SelectManyValue {
  const current: SelectManyValue = Array.isArray(value) ? value : [];
  if (selectedIds(current).includes(option.Id)) {
    return current.filter((v) => (typeof v === 'object' ? v.Id : v) !== option.Id);
  }
  return [...current, asIds ? option.Id : { Id: option.Id, Name: option.Name }];
}

/**
 * The selection an empty select-many starts with: the options the server sent already checked
 * (isChecked), in the value's shape. Null when nothing is pre-checked.
 */
export function initialSelection(options: readonly SelectOption[], asIds: boolean): SelectManyValue | null {
  const checked = options.filter((o) => o.isChecked);
  if (checked.length === 0) return null;
  return checked.map((o) => (asIds ? o.Id : { Id: o.Id, Name: o.Name }));
}

/** Sets the free-text SpecifyMore answer of a chosen item. */
export function setSpecifyMore(value: SelectManyValue, id: number, text: string): SelectManyValue {
  return value.map((v) => (typeof v === 'object' && v.Id === id ? { ...v, SpecifyMore: text } : v));
}

/**
 * Required means at least one selected; a minimum gives the catalogue's 'Must select at least'
 * message; going over a maximum above 0 gives the specification's max message as worded.
 */
export const selectManyRule: WidgetRule<unknown, SelectManyOptions> = (value, { label, required, options }) => {
  const count = selectedIds(value).length;
  if (count === 0) return required ? [message('required', [label])] : [];
  const errors: string[] = [];
  if (options.minSelections && count < options.minSelections) {
    errors.push(message('minSelections', [label, options.minSelections]));
  }
  if (options.maxSelections && options.maxSelections > 0 && count > options.maxSelections) {
    errors.push(widgetMessages.selectManyMax);
  }
  return errors;
};
