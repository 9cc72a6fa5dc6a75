/** The kinds of entry a reader filters by (server/modules/error-log/client-error-query.ts): HTTP errors of every status together. */
export const clientErrorKindOptions = [
  { value: 'Client Caught Exception', label: 'Caught exceptions' },
  { value: 'Client Logged Error', label: 'Logged errors' },
  { value: 'Client HTTP Error', label: 'HTTP errors (any status)' },
] as const;

/** A kind ('' for all) and a period of calendar days (yyyy-mm-dd, '' for open), both ends included. */
export interface ClientErrorFilters {
  type: string;
  from: string;
  to: string;
}

export const noFilters: ClientErrorFilters = { type: '', from: '', to: '' };
export const periodMessage = 'The From day must not be after the To day.';

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a calendar day in the reader's time zone, as an instant; null for what is not a day. */
export function startOfLocalDay(day: string, addDays = 0): string | null {
  const match = dayPattern.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** What is wrong with the period, or null: an unfinished day is left out until it is whole. */
export function periodProblem({ from, to }: ClientErrorFilters): string | null {
  return from && to && dayPattern.test(from) && dayPattern.test(to) && from > to ? periodMessage : null;
}

/** The list call's extra parameters: the kind, and the period as instants (To's whole day included). */
export function filterQuery(filters: ClientErrorFilters): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (periodProblem(filters)) return params.toString();
  const from = startOfLocalDay(filters.from);
  const to = startOfLocalDay(filters.to, 1);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params.toString();
}

const storageKey = 'clienterrorlog.filters';

/** The filters of this tab, so that coming back from an entry finds the list as it was left. */
export function savedFilters(): ClientErrorFilters {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Partial<ClientErrorFilters> | null;
    return { ...noFilters, ...(saved && typeof saved === 'object' ? saved : {}) };
  } catch {
    return noFilters;
  }
}

export function saveFilters(filters: ClientErrorFilters): void {
  sessionStorage.setItem(storageKey, JSON.stringify(filters));
}
