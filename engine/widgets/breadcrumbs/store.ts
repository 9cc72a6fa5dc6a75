import { create } from 'zustand';
import { clearCrumbs, loadCrumbs, saveCrumbs, visitCrumb, type Crumb } from './logic.ts';

/** The breadcrumb trail, kept in session storage. */
export interface BreadcrumbStore {
  crumbs: Crumb[];
  visit: (crumb: Crumb) => void;
  /** On session start or restore: the trail from session storage. */
  restore: () => void;
  /** On session end: the trail and its storage are cleared. */
  clear: () => void;
}

/** Creates a breadcrumb store over a storage (session storage in the app). */
export function createBreadcrumbStore(storage: Storage) {
  return create<BreadcrumbStore>((set, get) => ({
    crumbs: loadCrumbs(storage),
    visit: (crumb) => {
      const crumbs = visitCrumb(get().crumbs, crumb);
      saveCrumbs(storage, crumbs);
      set({ crumbs });
    },
    restore: () => set({ crumbs: loadCrumbs(storage) }),
    clear: () => {
      clearCrumbs(storage);
      set({ crumbs: [] });
    },
  }));
}
