import { createApiClient } from './client.ts';
import { useSession } from '../stores/session.ts';

/** The application's API client, bound to the session store. */
export const api = createApiClient({
  credentials: () => {
    const { token, session } = useSession.getState();
    return token && session ? { token, SessionId: session.SessionId, InstanceId: session.InstanceId } : null;
  },
  onRefreshedToken: (token) => useSession.getState().setToken(token),
  onUnauthorized: (error) => useSession.getState().ended(error.items[0]?.ErrorMessage),
});
