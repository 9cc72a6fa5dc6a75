import { create } from 'zustand';
import { api, logClientError } from '../api/api.ts';
import { sessionStorageKeys } from './session-storage.ts';
import { useSession } from './session.ts';
import { back, drillDown, fitPath, loadMenu, saveMenu, type MenuNode } from '../shell/menu/logic.ts';

/** The menu-all call (spec 2 section 7: after the route table is mounted). */
export const menuAllPath = '/api/menu/all';

/** Whether the menu is kept open beside the page (locked) or opens over it on demand: a choice of this browser. */
const pinnedKey = 'metadmin-menu-pinned';

function storedPinned(): boolean {
  try {
    return localStorage.getItem(pinnedKey) !== 'false';
  } catch {
    return true;
  }
}

export interface MainMenuState {
  /** The session the tree belongs to. */
  sessionId: string | null;
  /** The tree from menu-all; null until loaded (or restored) for this session. */
  tree: MenuNode[] | null;
  /** The drill-down path (spec 3: up to five tiers). */
  path: number[];
  /** Locked open beside the page (true) or open over it on demand (false). */
  pinned: boolean;
  /** Unpinned (or on a small screen): whether the menu is open over the page. */
  open: boolean;
  drill(index: number): void;
  back(): void;
  mainMenu(): void;
  setPinned(pinned: boolean): void;
  setOpen(open: boolean): void;
  /** At session end: the tree and its storage go. */
  clear(): void;
}

export const useMainMenu = create<MainMenuState>()((set, get) => ({
  sessionId: null,
  tree: null,
  path: [],
  pinned: storedPinned(),
  open: false,
  drill: (index) => set({ path: drillDown(get().tree ?? [], get().path, index) }),
  back: () => set({ path: back(get().path) }),
  mainMenu: () => set({ path: [] }),
  setPinned: (pinned) => {
    try {
      localStorage.setItem(pinnedKey, String(pinned));
    } catch {
      // the choice holds for this page only
    }
    set({ pinned, open: false });
  },
  setOpen: (open) => set({ open }),
  clear: () => {
    sessionStorage.removeItem(sessionStorageKeys.menu);
    set({ sessionId: null, tree: null, path: [], open: false });
  },
}));

/**
 * Loads the session's menu from menu-all and keeps it in session storage. A failure is only logged (spec 2 section
 * 8): the menu then offers Home alone.
 */
export async function loadMainMenu(sessionId: string): Promise<void> {
  let tree: MenuNode[];
  try {
    tree = await api.get<MenuNode[]>(menuAllPath);
  } catch (error) {
    logClientError(`The menu could not be loaded: ${error instanceof Error ? error.message : String(error)}`, 'Main menu');
    // A menu already shown (restored) stays; otherwise Home alone.
    if (useMainMenu.getState().tree && useMainMenu.getState().sessionId === sessionId) return;
    tree = [];
  }
  // The answer of an ended or replaced session is dropped.
  if (sessionId !== useSession.getState().session?.SessionId) return;
  saveMenu(sessionStorage, sessionStorageKeys.menu, sessionId, tree);
  useMainMenu.setState((s) => ({ sessionId, tree, path: fitPath(tree, s.path) }));
}

/**
 * On session start (no stored menu) it is loaded; on session restore (a reload) it comes back from session storage at
 * once, and is then read again, so a change of the user's access since shows without signing in again.
 */
export async function ensureMainMenu(sessionId: string): Promise<void> {
  const state = useMainMenu.getState();
  if (state.sessionId === sessionId && state.tree) return;
  const stored = loadMenu(sessionStorage, sessionStorageKeys.menu, sessionId);
  if (stored) {
    useMainMenu.setState({ sessionId, tree: stored, path: [] });
    await loadMainMenu(sessionId);
    return;
  }
  useMainMenu.setState({ sessionId, tree: null, path: [] });
  await loadMainMenu(sessionId);
}
