import { create } from 'zustand';
import { persist, createJSONStorage } from 'zustand/middleware';
import { viewAsStoreKey } from '../boot/early-calls.ts';
import { useSession } from './session.ts';

export interface ViewedUser { UserId: number; Name: string }

interface ViewAsState {
  /** The user an administrator views the product as; null when viewing as themselves. */
  viewing: ViewedUser | null;
  start(user: ViewedUser): void;
  stop(): void;
}

/** 'View as': kept for the tab's session (sessionStorage), and ended with the session. */
export const useViewAs = create<ViewAsState>()(
  persist(
    (set) => ({
      viewing: null,
      start: (viewing) => set({ viewing }),
      stop: () => set({ viewing: null }),
    }),
    { name: viewAsStoreKey, storage: createJSONStorage(() => sessionStorage) },
  ),
);

useSession.subscribe((now, before) => {
  if (now.session?.SessionId !== before.session?.SessionId && useViewAs.getState().viewing) useViewAs.getState().stop();
});
