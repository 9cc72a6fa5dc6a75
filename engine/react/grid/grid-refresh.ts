import { create } from 'zustand';

interface GridRefreshState {
  /** Bumped on every request; every mounted grid reloads its current page when it changes. */
  generation: number;
  refresh: () => void;
}

/**
 * The hook the app calls when the lists on screen may be stale, e.g. when a record lock is released
 * (spec 2: "the grid refreshes when a record lock is released"). The lock service is not the grid's: it
 * only calls refreshGrids().
 */
export const useGridRefresh = create<GridRefreshState>((set) => ({
  generation: 0,
  refresh: () => set((s) => ({ generation: s.generation + 1 })),
}));

export const refreshGrids = () => useGridRefresh.getState().refresh();
