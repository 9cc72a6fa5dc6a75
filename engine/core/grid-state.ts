/**
 * The listing grid's view state as a pure reducer, kept in the URL query
 * (page, pageSize, q, sorts, cols, includeInactive). Modelled on react-admin's queryReducer.
 */
export type SortDirection = 'asc' | 'desc';
export interface SortItem { field: string; dir: SortDirection }

/** How the current page was reached: from a cursor (Next / Previous), as the last page, or by number. */
export type GridNav = { after: string } | { before: string } | { last: true };

export interface GridState {
  page: number;
  /** null: the page is asked for by its number (first page, or a jump). */
  nav: GridNav | null;
  /** 0 means no paging. */
  pageSize: number;
  q: string;
  sorts: SortItem[];
  /** Visible columns; null means the screen's default set. */
  cols: string[] | null;
  includeInactive: boolean;
}

export interface GridDefaults {
  pageSize: number;
  sorts: SortItem[];
}

export type GridAction =
  | { type: 'setPage'; page: number; lastPage?: number }
  | { type: 'navigate'; page: number; nav: GridNav | null }
  | { type: 'setPageSize'; pageSize: number }
  | { type: 'setSearch'; q: string }
  /** additive: the click adds to the sorts (a modifier held, on a list that allows several). */
  | { type: 'toggleSort'; field: string; additive: boolean }
  | { type: 'setColumns'; cols: string[] | null }
  | { type: 'setIncludeInactive'; includeInactive: boolean };

/** Keeps a page within 1..lastPage (lastPage of 0 items is 1). */
export function clampPage(page: number, lastPage = Number.POSITIVE_INFINITY): number {
  const last = Math.max(1, lastPage);
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), last);
}

export function lastPageOf(totalCount: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/**
 * A header click, as in the grids people know: a plain click sorts by that column alone (the first sort's column
 * turns around); an additive click (Shift, Ctrl or Cmd, on a list that allows several sorts) adds the column after
 * the sorts there are, or turns it around where it is.
 */
export function toggleSort(sorts: SortItem[], field: string, additive: boolean): SortItem[] {
  const existing = sorts.find((s) => s.field === field);
  const flipped: SortItem = { field, dir: existing?.dir === 'asc' ? 'desc' : 'asc' };
  if (!additive) return [sorts[0]?.field === field ? flipped : { field, dir: 'asc' }];
  return existing ? sorts.map((s) => (s.field === field ? flipped : s)) : [...sorts, flipped];
}

export function gridReducer(state: GridState, action: GridAction): GridState {
  switch (action.type) {
    case 'setPage':
      return { ...state, page: clampPage(action.page, action.lastPage), nav: null };
    case 'navigate':
      return { ...state, page: clampPage(action.page), nav: action.page <= 1 ? null : action.nav };
    case 'setPageSize':
      // A list is read a page at a time: a page size below 1 keeps the one there is.
      return { ...state, pageSize: action.pageSize >= 1 ? Math.trunc(action.pageSize) : state.pageSize, page: 1, nav: null };
    case 'setSearch':
      return state.q === action.q ? state : { ...state, q: action.q, page: 1, nav: null };
    case 'toggleSort':
      return { ...state, sorts: toggleSort(state.sorts, action.field, action.additive), page: 1, nav: null };
    case 'setColumns':
      return { ...state, cols: action.cols };
    case 'setIncludeInactive':
      return { ...state, includeInactive: action.includeInactive, page: 1, nav: null };
  }
}

export function initialGridState(defaults: GridDefaults): GridState {
  return { page: 1, nav: null, pageSize: defaults.pageSize, q: '', sorts: defaults.sorts, cols: null, includeInactive: false };
}

/** "LastName,asc,FirstName,desc": field,direction pairs. Unknown directions are dropped. */
export function parseSorts(text: string | null): SortItem[] {
  if (!text) return [];
  const parts = text.split(',');
  const sorts: SortItem[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const field = parts[i].trim();
    const dir = parts[i + 1].trim().toLowerCase();
    if (field && (dir === 'asc' || dir === 'desc') && !sorts.some((s) => s.field === field)) {
      sorts.push({ field, dir });
    }
  }
  return sorts;
}

export function formatSorts(sorts: SortItem[]): string {
  return sorts.map((s) => `${s.field},${s.dir}`).join(',');
}

function nonNegativeInt(text: string | null, fallback: number): number {
  if (text === null || text.trim() === '') return fallback;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

function parseNav(params: URLSearchParams): GridNav | null {
  const after = params.get('after');
  const before = params.get('before');
  if (after) return { after };
  if (before) return { before };
  return params.get('last') === 'true' ? { last: true } : null;
}

function navEntries(nav: GridNav | null): Array<[string, string]> {
  if (!nav) return [];
  if ('after' in nav) return [['after', nav.after]];
  if ('before' in nav) return [['before', nav.before]];
  return [['last', 'true']];
}

export function parseGridQuery(params: URLSearchParams, defaults: GridDefaults): GridState {
  const sorts = params.has('sorts') ? parseSorts(params.get('sorts')) : defaults.sorts;
  const cols = params.get('cols');
  const page = clampPage(nonNegativeInt(params.get('page'), 1));
  return {
    page,
    nav: page > 1 ? parseNav(params) : null,
    // The server reads every list a page at a time: no page size (0) is the default one.
    pageSize: nonNegativeInt(params.get('pageSize'), defaults.pageSize) || defaults.pageSize,
    q: params.get('q') ?? '',
    sorts,
    cols: cols === null ? null : cols.split(',').filter(Boolean),
    includeInactive: params.get('includeInactive') === 'true',
  };
}

/** Query string for the state, leaving out what equals the defaults; commas stay readable. */
export function formatGridQuery(state: GridState, defaults: GridDefaults): string {
  const entries: Array<[string, string]> = [];
  if (state.page !== 1) entries.push(['page', String(state.page)], ...navEntries(state.nav));
  if (state.pageSize !== defaults.pageSize) entries.push(['pageSize', String(state.pageSize)]);
  if (state.q) entries.push(['q', state.q]);
  if (formatSorts(state.sorts) !== formatSorts(defaults.sorts)) entries.push(['sorts', formatSorts(state.sorts)]);
  if (state.cols) entries.push(['cols', state.cols.join(',')]);
  if (state.includeInactive) entries.push(['includeInactive', 'true']);
  return entries.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ',')}`).join('&');
}

/** The list call's query: the state as the server reads it (always explicit), with the list's access page id when it has one. */
export function listRequestQuery(state: GridState, visibleColumns: string[], pageId?: number): string {
  const params = new URLSearchParams({
    page: String(state.page),
    pageSize: String(state.pageSize),
    q: state.q,
    sorts: formatSorts(state.sorts),
    cols: visibleColumns.join(','),
    includeInactive: String(state.includeInactive),
  });
  for (const [key, value] of navEntries(state.nav)) params.set(key, value);
  if (pageId !== undefined) params.set('pageId', String(pageId));
  return params.toString();
}

/** The export's query: the same view as the list call (search, inactive rows, sort, visible columns), without paging. */
export function exportRequestQuery(state: GridState, visibleColumns: string[]): string {
  return new URLSearchParams({
    q: state.q,
    sorts: formatSorts(state.sorts),
    cols: visibleColumns.join(','),
    includeInactive: String(state.includeInactive),
  }).toString();
}
