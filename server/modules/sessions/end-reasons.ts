import { HttpError } from '../../lib/http-error.ts';

/** Why a session ended, as kept in sessions.end_reason. */
export type EndReason = 'logout' | 'terminated' | 'timeout' | 'replaced' | 'passwordchanged';

export const sessionMessages = {
  /** Spec 1 section 8: the 401 text; also for unknown sessions and bad tokens. */
  noSession: 'Your authentication has expired. Please log in again.',
  /** Spec 3 section 8: the Terminate notification's default text. */
  terminated: 'Your session has been terminated.',
  replaced: 'Your session has been terminated because you signed in from another browser.',
  timeout: 'Your session has timed out due to inactivity. Please log in again.',
  passwordchanged: 'Your password has been changed. Please log in again.',
};

/**
 * The 401 a client gets for an ended session. ErrorCode says why, so the UI can show the matching text:
 * SessionTerminated, SessionReplaced, SessionTimedOut, SessionPasswordChanged, SessionLoggedOut;
 * 401 when the session is unknown or the token is not valid.
 */
export function sessionEndedError(reason: EndReason | null): HttpError {
  switch (reason) {
    case 'terminated': return HttpError.of(401, sessionMessages.terminated, null, 'SessionTerminated');
    case 'replaced': return HttpError.of(401, sessionMessages.replaced, null, 'SessionReplaced');
    case 'timeout': return HttpError.of(401, sessionMessages.timeout, null, 'SessionTimedOut');
    case 'passwordchanged': return HttpError.of(401, sessionMessages.passwordchanged, null, 'SessionPasswordChanged');
    case 'logout': return HttpError.of(401, sessionMessages.noSession, null, 'SessionLoggedOut');
    default: return HttpError.of(401, sessionMessages.noSession);
  }
}
