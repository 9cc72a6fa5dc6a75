import { sessionStoragePrefix } from '../../stores/session-storage.ts';

/**
 * The list last chosen on /simpleLookup, kept for the session (spec 2: "remembers the list's table id for the
 * session"): under the shell's prefix, so it is cleared with everything else when the session ends.
 */
const key = `${sessionStoragePrefix}simpleLookup.tableId`;

export function storedTableId(): number | null {
  const value = Number(sessionStorage.getItem(key));
  return value > 0 ? value : null;
}

export function storeTableId(tableId: number | null): void {
  if (tableId && tableId > 0) sessionStorage.setItem(key, String(tableId));
  else sessionStorage.removeItem(key);
}

/** A route's table id, else the stored one (spec 2: "Table id is taken from the route, else from the stored value"). */
export function tableIdOf(param: string | undefined): number {
  return param !== undefined ? Number(param) : storedTableId() ?? 0;
}
