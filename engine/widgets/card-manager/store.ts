import { create } from 'zustand';
import { addCard, removeCard, type CardEntry } from './logic.ts';

/** The card stack shared by the shell: registered names, the open cards, and the last warning. */
export interface CardStore {
  known: ReadonlySet<string>;
  cards: CardEntry[];
  warning: string | null;
  register: (names: string[]) => void;
  open: (name: string, props?: Record<string, unknown>) => void;
  close: (name: string) => void;
  /** Called on every route change: no card survives navigation. */
  clear: () => void;
}

/** Creates a card store (the app keeps one; tests and stories make their own). */
export function createCardStore() {
  return create<CardStore>((set, get) => ({
    known: new Set(),
    cards: [],
    warning: null,
    register: (names) => set({ known: new Set([...get().known, ...names]) }),
    open: (name, props) => {
      const result = addCard(get().cards, { name, props }, get().known);
      if (result.ok) set({ cards: result.cards, warning: null });
      else {
        console.warn(result.warning);
        set({ warning: result.warning });
      }
    },
    close: (name) => set({ cards: removeCard(get().cards, name) }),
    clear: () => set({ cards: [], warning: null }),
  }));
}

/** The application's card stack. */
export const useCardStore = createCardStore();
