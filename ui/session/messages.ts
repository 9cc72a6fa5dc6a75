/** The session texts the client words itself (spec 1 section 8, spec 3 section 8). */
export const sessionTexts = {
  authExpired: 'Your authentication has expired. Please log in again.',
  noLongerValid: 'Your session is no longer valid. Please log in again.',
  otherTab: 'You have logged out or lost session in another browser tab and/or window.',
  /** The Terminate notification's default text. */
  terminated: 'Your session has been terminated.',
  /** Not worded by the spec; the same words as the server's 401 SessionTimedOut. */
  timedOut: 'Your session has timed out due to inactivity. Please log in again.',
  extend: 'Click here to extend session',
};

/**
 * 401 ErrorCodes that say why the session ended (server/modules/sessions/end-reasons.ts). Their message is the
 * reason itself, so the user goes straight to /login with it; any other 401 is the spec's 'authentication has
 * expired', which the user acknowledges first.
 */
export const endReasonCodes: ReadonlySet<string> = new Set(['SessionTerminated', 'SessionReplaced', 'SessionTimedOut', 'SessionPasswordChanged', 'TokenExpired']);
