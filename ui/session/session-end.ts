import type { ApiError } from '../api/client.ts';
import { useSession } from '../stores/session.ts';
import { useSessionNotice } from '../stores/session-notice.ts';
import { endReasonCodes, sessionTexts } from './messages.ts';
import { adoptOtherTabSession } from './lifecycle.ts';

/**
 * A 401 on a signed-in call. A known end reason (terminated, replaced, timed out, password changed) goes straight
 * to /login with its message; any other 401 shows 'Your authentication has expired. Please log in again.' and the
 * session ends once the user acknowledges it (spec 1 section 8). Later 401s of the same ending are ignored, and so
 * is a 401 of a session another tab has just replaced by signing in (that tab's session is taken over instead).
 */
export function handleUnauthorized(error: ApiError): void {
  const { token, ended } = useSession.getState();
  if (!token || adoptOtherTabSession()) return;
  const item = error.items[0];
  if (item && endReasonCodes.has(String(item.ErrorCode))) {
    useSessionNotice.getState().clear();
    ended(item.ErrorMessage);
  } else {
    useSessionNotice.getState().show(sessionTexts.authExpired);
  }
}

/** A 403 with sub-code 502 or 419: the session ends at once. */
export function handleSessionInvalid(): void {
  const { token, ended } = useSession.getState();
  if (token) ended(sessionTexts.noLongerValid);
}

/** The user acknowledged the 401 notice: now the session ends (the message was read, so /login does not repeat it). */
export function acknowledgeSessionNotice(): void {
  useSessionNotice.getState().clear();
  useSession.getState().ended();
}
