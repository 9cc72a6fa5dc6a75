import { BREADCRUMBS_KEY } from '../../engine/widgets/breadcrumbs/logic.ts';

/**
 * Everything the shell keeps in sessionStorage for the length of a session (breadcrumbs, the menu) is cleared when
 * the session ends (spec 1 section 4, spec 3 section 2): the keys named here, and any key under the prefix, so a
 * new store only has to use the prefix.
 */
export const sessionStoragePrefix = 'metadmin.';

export const sessionStorageKeys = {
  /** The breadcrumb widget's own key (engine/widgets/breadcrumbs). */
  breadcrumbs: BREADCRUMBS_KEY,
  menu: `${sessionStoragePrefix}menu`,
};

export function clearSessionStorage(): void {
  const named = new Set<string>(Object.values(sessionStorageKeys));
  for (let i = sessionStorage.length - 1; i >= 0; i--) {
    const key = sessionStorage.key(i);
    if (key && (named.has(key) || key.startsWith(sessionStoragePrefix))) sessionStorage.removeItem(key);
  }
}
