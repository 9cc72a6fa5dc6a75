import { widgetMessages } from '../shared/messages.ts';
import type { SelectOption } from '../shared/types.ts';

/** From this many options a select switches to search-driven big-data mode. */
export const BIG_DATA_THRESHOLD = 1000;
/** Searching starts at this many characters. */
export const MIN_SEARCH_LENGTH = 2;
/** Wait after the last keystroke before asking the server (lazy mode). */
export const SEARCH_DEBOUNCE_MS = 800;
/** Wait after the last keystroke before filtering options already in memory. */
export const FILTER_DELAY_MS = 100;

/** At most this many results are listed at once; typing more narrows them. */
export const MAX_SHOWN_RESULTS = 100;

/** The Id of the note that stands for results not listed. */
export const MORE_RESULTS_ID = -2;

/**
 * The results as listed: at most 100, then a disabled note saying how many more match, so a short
 * query over thousands of options never renders them all.
 */
export function limitResults(results: readonly SelectOption[], max = MAX_SHOWN_RESULTS): SelectOption[] {
  if (results.length <= max) return [...results];
  const more = results.length - max;
  return [...results.slice(0, max), { Id: MORE_RESULTS_ID, Name: `${more} more. Keep typing to narrow the results.`, IsLocked: true }];
}

/** Big-data mode applies at 1000 or more options, or whenever the select is lazy (server search). */
export function isBigData(optionCount: number, lazy: boolean): boolean {
  return lazy || optionCount >= BIG_DATA_THRESHOLD;
}

/** A search runs only once at least two non-blank characters are typed. */
export function canSearch(text: string): boolean {
  return text.trim().length >= MIN_SEARCH_LENGTH;
}

/** How long to wait before searching: the server debounce when lazy, the short filter delay otherwise. */
export function searchDelay(lazy: boolean): number {
  return lazy ? SEARCH_DEBOUNCE_MS : FILTER_DELAY_MS;
}

/** Options whose name contains the text, ignoring case; the placeholder is never a search result. */
export function filterOptions(options: readonly SelectOption[], text: string): SelectOption[] {
  const needle = text.trim().toLowerCase();
  return options.filter((o) => o.Id !== -1 && o.Name.toLowerCase().includes(needle));
}

/** The text shown in place of results: what the user must do, that a search runs, or that it found nothing. */
export function searchStatus(text: string, searching: boolean, resultCount: number): string | null {
  if (!canSearch(text)) return widgetMessages.startTyping;
  if (searching) return widgetMessages.pleaseWait;
  if (resultCount === 0) return widgetMessages.noResults;
  return null;
}
