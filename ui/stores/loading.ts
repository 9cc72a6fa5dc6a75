import { create } from 'zustand';

interface LoadingState {
  /** Requests that have lasted over the threshold and are still running. */
  slow: number;
  begin(): void;
  end(): void;
}

/** Feeds the top progress bar (spec 1 section 7: a loading indicator for requests lasting over 100 ms). */
export const useLoading = create<LoadingState>()((set) => ({
  slow: 0,
  begin: () => set((s) => ({ slow: s.slow + 1 })),
  end: () => set((s) => ({ slow: Math.max(0, s.slow - 1) })),
}));
