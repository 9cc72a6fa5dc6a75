import { create } from 'zustand';

interface SessionNoticeState {
  /** A message the user must acknowledge before the session ends (a 401 with an active session). */
  pending: string | null;
  show(message: string): void;
  clear(): void;
}

export const useSessionNotice = create<SessionNoticeState>()((set) => ({
  pending: null,
  show: (message) => set((s) => (s.pending ? s : { pending: message })),
  clear: () => set({ pending: null }),
}));
