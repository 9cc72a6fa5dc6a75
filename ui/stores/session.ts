import { create } from 'zustand';
import { persist, createJSONStorage } from 'zustand/middleware';
import type { LoginResponse } from '../../metadata/types/LoginResponse.ts';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';
import { sessionStoreKey } from '../boot/early-calls.ts';

export interface SessionState {
  token: string | null;
  session: LoginResponse['Session'] | null;
  user: LoginResponse['User'] | null;
  mustChangePassword: boolean;
  verificationKey: string | null;
  /** The route table; null until fetched for this page load. Not persisted: it is fetched on restore. */
  routes: RouteEntry[] | null;
  /** Shown on /login after the session ended for a reason the user should know. */
  endMessage: string | null;
  started(response: LoginResponse, token: string): void;
  setToken(token: string): void;
  setRoutes(routes: RouteEntry[]): void;
  /** The forced password change is done: the session carries on, no longer locked to it. */
  passwordChanged(): void;
  ended(message?: string): void;
  clearEndMessage(): void;
}

/** The stored session (spec 1 section 3): kept in localStorage so a reload restores it. */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      session: null,
      user: null,
      mustChangePassword: false,
      verificationKey: null,
      routes: null,
      endMessage: null,
      started: (response, token) =>
        set({
          token,
          session: response.Session,
          user: response.User,
          mustChangePassword: response.MustChangePassword,
          verificationKey: response.VerificationKey ?? null,
          routes: null,
          endMessage: null,
        }),
      setToken: (token) => set({ token }),
      setRoutes: (routes) => set({ routes }),
      passwordChanged: () => set({ mustChangePassword: false, verificationKey: null, routes: null }),
      ended: (message) =>
        set({ token: null, session: null, user: null, routes: null, mustChangePassword: false, verificationKey: null, endMessage: message ?? null }),
      clearEndMessage: () => set({ endMessage: null }),
    }),
    {
      name: sessionStoreKey,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, session, user, mustChangePassword, verificationKey }) => ({ token, session, user, mustChangePassword, verificationKey }),
    },
  ),
);
