/**
 * Saved grid views (spec 1 "Preferences"): a user saves the current view of a list as the default for that
 * page; it applies when the page is opened without a query. The view is the URL state less the position
 * (page and cursor), kept as JSON text under a key per page.
 */
import { parseSorts, type GridDefaults, type GridState, type SortItem } from '../grid-state.ts';

/** Spec 1 section 8, word for word. */
export const viewMessages = {
  saved: 'Your default view for this page has been saved.',
  saveFailed: 'Your default view could not be saved at this time.',
  loadFailed: 'Your default view for this page could not be loaded at this time.',
} as const;

export interface SavedView {
  pageSize: number;
  q: string;
  sorts: SortItem[];
  cols: string[] | null;
  includeInactive: boolean;
}

/** The preference key of a page's default view: its path, lowercased (the server lowercases keys too). */
export function savedViewKey(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  return `gridview:${path.toLowerCase()}`;
}

export function viewOf(state: GridState): SavedView {
  return { pageSize: state.pageSize, q: state.q, sorts: state.sorts, cols: state.cols, includeInactive: state.includeInactive };
}

export function serializeView(state: GridState): string {
  return JSON.stringify(viewOf(state));
}

/**
 * The grid state a stored view opens on (page 1), or null when nothing usable is stored ('' means none).
 * Parts that are missing or malformed fall back to the screen's defaults rather than failing the page.
 */
export function parseSavedView(text: string, defaults: GridDefaults): GridState | null {
  if (!text || !text.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const sorts = Array.isArray(v.sorts)
    ? parseSorts((v.sorts as Array<Record<string, unknown>>).flatMap((s) => [String(s?.field ?? ''), String(s?.dir ?? '')]).join(','))
    : defaults.sorts;
  const cols = Array.isArray(v.cols) ? v.cols.filter((c): c is string => typeof c === 'string' && c !== '') : null;
  return {
    page: 1,
    nav: null,
    pageSize: typeof v.pageSize === 'number' && Number.isInteger(v.pageSize) && v.pageSize >= 1 ? v.pageSize : defaults.pageSize,
    q: typeof v.q === 'string' ? v.q : '',
    sorts,
    cols: cols && cols.length ? cols : null,
    includeInactive: v.includeInactive === true,
  };
}
