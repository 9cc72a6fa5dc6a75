import { toErrorList } from '../../../engine/core/error-items.ts';
import { ApiError, systemErrorMessage } from '../../api/client.ts';

/** Spec 1 section 8, "Account screens", worded exactly as given (two spaces after full stops included). */
export const accountTexts = {
  emptyTokenOrReason: 'Empty token or reason.',
  keyExpired: 'The verification key has expired.',
  userNameRecovered: 'You have successfully recovered your user name.  Please check your email.',
  passwordMailSent: 'An email has been sent to the username provided.  Please check your email.',
  passwordChanged: 'Your password has been successfully changed.',
  newCodeSent: 'New verification code was created and sent to your email account.',
  wrongEmail: 'The email address you entered is incorrect.  Please try again.  If you continue to experience problems, please contact your site administrator.',
  wrongUserName: 'The User Name you entered is incorrect.  Please try again.  If you continue to experience problems, please contact your site administrator.',
  invalidUser: 'invalid user',
  errorOccurred: 'an error has occurred',
  /** The spec asks for "a message with the steps"; these are our words. */
  changeRequested: 'We have sent you an email with a link to change your password. Open the email, follow the link, and choose your new password. The link can be used once.',
};

/** The first message the server itself sent, if its answer had one (not the client's stand-in text). */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? toErrorList(error.body)[0]?.ErrorMessage : undefined;
}

/**
 * A recovery screen's failure text: the server's message where the spec shows it, else the screen's own fallback;
 * a server that could not be reached says so (status 0) and a rate limit says when to try again.
 */
export function failureText(error: unknown, fallback: string, showsServerMessage: (message: string) => boolean): string {
  if (error instanceof ApiError && error.status === 0) return error.message || systemErrorMessage;
  const message = serverMessage(error);
  if (message && (showsServerMessage(message) || (error as ApiError).status === 429)) return message;
  return fallback;
}
