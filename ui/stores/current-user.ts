import { create } from 'zustand';
import type { CurrentUser } from '../../metadata/types/CurrentUser.ts';
import { api } from '../api/api.ts';
import { useSession } from './session.ts';

export const readCurrentUserPath = '/api/users/read-current-user';

interface CurrentUserState {
  /** The session the answer belongs to: an answer of an ended session is never shown in a newer one. */
  sessionId: string | null;
  user: CurrentUser | null;
}

/** The signed-in user as the server has them now (GET read-current-user): names after a change, and the PilotId. */
export const useCurrentUser = create<CurrentUserState>()(() => ({ sessionId: null, user: null }));

/** Reads the current user again and brings the stored session's names up to date (the top bar shows them). */
export async function refreshCurrentUser(): Promise<void> {
  const sessionId = useSession.getState().session?.SessionId ?? null;
  if (!sessionId) return;
  let user: CurrentUser;
  try {
    user = await api.get<CurrentUser>(readCurrentUserPath);
  } catch {
    return; // the names stay as the sign-in gave them; a 401 has already ended the session
  }
  const { session, user: stored } = useSession.getState();
  if (session?.SessionId !== sessionId) return;
  useCurrentUser.setState({ sessionId, user });
  if (stored && (stored.UserName !== user.UserName || stored.FirstName !== user.FirstName || stored.LastName !== user.LastName)) {
    useSession.setState({
      user: { ...stored, UserName: user.UserName, FirstName: user.FirstName, LastName: user.LastName },
      session: { ...session, UserName: user.UserName },
    });
  }
}

/** The current user of this session, or null until read. */
export function useCurrentUserOfSession(): CurrentUser | null {
  const sessionId = useSession((s) => s.session?.SessionId ?? null);
  return useCurrentUser((s) => (s.sessionId !== null && s.sessionId === sessionId ? s.user : null));
}
