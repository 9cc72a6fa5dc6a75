/** One crumb: its text and where it leads. */
export interface Crumb { label: string; url: string }

/** The session storage key the crumbs are kept under. */
export const BREADCRUMBS_KEY = 'breadcrumbs';

/** Breadcrumbs are shown only when there is more than one crumb. */
export function showBreadcrumbs(crumbs: readonly Crumb[]): boolean {
  return crumbs.length > 1;
}

/**
 * The trail after visiting a page: going back to a crumb already on the trail cuts the trail
 * there; a new page is appended.
 */
export function visitCrumb(crumbs: readonly Crumb[], crumb: Crumb): Crumb[] {
  const at = crumbs.findIndex((c) => c.url === crumb.url);
  return at >= 0 ? [...crumbs.slice(0, at), crumb] : [...crumbs, crumb];
}

/** Reads the trail kept in storage; anything unreadable is an empty trail. */
export function loadCrumbs(storage: Pick<Storage, 'getItem'>): Crumb[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(BREADCRUMBS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((c): c is Crumb => typeof c?.label === 'string' && typeof c?.url === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps the trail in storage. */
export function saveCrumbs(storage: Pick<Storage, 'setItem'>, crumbs: readonly Crumb[]): void {
  storage.setItem(BREADCRUMBS_KEY, JSON.stringify(crumbs));
}

/** Clears the trail when the session ends. */
export function clearCrumbs(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(BREADCRUMBS_KEY);
}
