import { message } from '../../core/messages.ts';
import { widgetMessages } from '../shared/messages.ts';
import { TEXT_MAX_LENGTH } from '../text/logic.ts';
import type { WidgetRule } from '../shared/types.ts';

/** One "other" answer (spec 2 "Specify-other item"): Id 0 until saved, active unless removed. */
export interface SpecifyOtherItem { Id: number; IsActive: boolean; Name: string }

/** ui:options of a specify-other list. */
export interface SpecifyOtherOptions { min?: number; max?: number }

/** A new, unsaved entry. */
export function newOtherItem(): SpecifyOtherItem {
  return { Id: 0, IsActive: true, Name: '' };
}

/** The entries that count: the active ones. */
export function activeOthers(list: readonly SpecifyOtherItem[] | undefined): SpecifyOtherItem[] {
  return (list ?? []).filter((i) => i.IsActive);
}

/** Add is disabled once the maximum count is reached. */
export function canAddOther(list: readonly SpecifyOtherItem[] | undefined, max: number | undefined): boolean {
  return !max || max <= 0 || activeOthers(list).length < max;
}

/**
 * Removes an entry: a saved one (Id above 0) is kept inactive so the server can retire it; an
 * unsaved one simply goes.
 */
export function removeOther(list: readonly SpecifyOtherItem[], index: number): SpecifyOtherItem[] {
  const item = list[index];
  if (!item) return [...list];
  return item.Id > 0 ? list.map((x, i) => (i === index ? { ...x, IsActive: false } : x)) : list.filter((_, i) => i !== index);
}

/**
 * Specify-other rule: required means at least one entry; the minimum applies only when required;
 * over the maximum gives 'You have exceeded the maxim number of permitted Other fields.' (as
 * worded); each entry needs text, at most 200 characters.
 */
export const specifyOtherRule: WidgetRule<SpecifyOtherItem[] | undefined, SpecifyOtherOptions> = (value, { label, required, options }) => {
  const active = activeOthers(value);
  const errors: string[] = [];
  if (required && active.length === 0) return [message('required', [label])];
  if (required && options.min && active.length < options.min) errors.push(message('minSelections', [label, options.min]));
  if (options.max && options.max > 0 && active.length > options.max) errors.push(widgetMessages.specifyOtherMax);
  if (active.some((i) => !i.Name.trim())) errors.push(message('required', ['Other']));
  if (active.some((i) => i.Name.length > TEXT_MAX_LENGTH)) errors.push(message('textMaximum'));
  return errors;
};
