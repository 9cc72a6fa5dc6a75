/**
 * The browser window (tab) a record lock belongs to: an id kept in this tab's sessionStorage, so a reload keeps it,
 * and sent as x-window-id with the reads that take locks and the lists that mark them. A tab opened as a copy of
 * another (duplicated, or opened from it) starts with the other's sessionStorage: it says hello on a BroadcastChannel,
 * and when a tab answers that the id is its own, it takes a new one.
 */
const key = 'metadmin.windowid';
export const windowHeader = 'x-window-id';

const fresh = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

let current: string | null = null;
let channel: BroadcastChannel | null = null;

function stored(): string {
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = fresh();
    sessionStorage.setItem(key, id);
  }
  return id;
}

/** This tab's id (the session's end clears sessionStorage: a new session's tab takes a new one). */
export function windowId(): string {
  if (current && sessionStorage.getItem(key) === current) return current;
  current = stored();
  announce();
  return current;
}

function announce(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  if (!channel) {
    channel = new BroadcastChannel('metadmin.windows');
    channel.onmessage = (event: MessageEvent<{ type: string; id: string }>) => {
      const { type, id } = event.data ?? {};
      if (type === 'hello' && id === current) channel!.postMessage({ type: 'taken', id });
      if (type === 'taken' && id === current) {
        current = fresh();
        sessionStorage.setItem(key, current);
      }
    };
  }
  channel.postMessage({ type: 'hello', id: current });
}

/** The header a call sends to name this window. */
export const windowHeaders = (): Record<string, string> => ({ [windowHeader]: windowId() });
