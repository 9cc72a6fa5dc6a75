import { format } from 'date-fns';
import { message } from '../../core/messages.ts';
import { fromStoredDate } from '../date-picker/input.ts';
import { widgetMessages } from '../shared/messages.ts';
import type { WidgetRule } from '../shared/types.ts';

/** A location (spec 3 "Location"). */
export interface Location {
  StartDate?: string;
  EndDate?: string;
  Venue?: string;
  Address?: { Address1?: string; Address2?: string; City?: string; State?: { Id: number; Name?: string } | null; ZipCode?: string };
}

/** ui:options of a locations list. */
export interface LocationsOptions { max?: number }

/** Locations show their dates as MM/dd/yyyy. */
export function formatLocationDate(value: string | undefined): string {
  const date = fromStoredDate(value);
  return date ? format(date, 'MM/dd/yyyy') : '';
}

/** The add button is disabled while the add/edit form is open, when the control is disabled, or at the maximum. */
export function canAddLocation(formOpen: boolean, disabled: boolean, count: number, max?: number): boolean {
  return !formOpen && !disabled && (!max || max <= 0 || count < max);
}

/** The problems of one location: a venue and a start date; the end not before the start. */
export function locationErrors(location: Location): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!location.Venue?.trim()) errors.Venue = [message('required', ['Venue'])];
  if (!location.StartDate) errors.StartDate = [message('required', ['Start Date'])];
  const start = fromStoredDate(location.StartDate);
  const end = fromStoredDate(location.EndDate);
  if (start && end && end < start) errors.EndDate = [widgetMessages.dateRangeOrderSameDay];
  return errors;
}

/** Locations rule: required means at least one; over the maximum gives the spec's message as worded. */
export const locationsRule: WidgetRule<Location[] | undefined, LocationsOptions> = (value, { label, required, options }) => {
  const list = value ?? [];
  if (required && list.length === 0) return [message('required', [label])];
  return options.max && options.max > 0 && list.length > options.max ? [widgetMessages.locationsMax] : [];
};
