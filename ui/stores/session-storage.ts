/**
 * Everything the shell keeps in sessionStorage for the length of a session (breadcrumbs, the menu) goes under this
 * prefix, so the session's end can clear it all without knowing each store (spec 1 section 4, spec 3 section 2).
 */
export const sessionStoragePrefix = 'metadmin.';

export const sessionStorageKeys = {
  breadcrumbs: `${sessionStoragePrefix}breadcrumbs`,
  menu: `${sessionStoragePrefix}menu`,
};

export function clearSessionStorage(): void {
  for (let i = sessionStorage.length - 1; i >= 0; i--) {
    const key = sessionStorage.key(i);
    if (key?.startsWith(sessionStoragePrefix)) sessionStorage.removeItem(key);
  }
}
