import { HttpError } from '../../lib/http-error.ts';

type Row = Record<string, unknown>;

/**
 * How an administrator brings a new user in (the user create form's First Sign-In, users.json):
 * - SetPasswordNow: the administrator types a password; the account is verified and active at once, and with
 *   MustChangePassword (on unless unticked) the first sign-in goes straight to choosing the user's own password;
 * - SendActivationEmail: no password; the activation e-mail lets the user verify the address and create one.
 * A create without the choice (a caller that predates it) keeps the earlier way: unverified, the activation e-mail
 * sent, and a password given must be changed at first sign-in.
 */
export const signInSetups = { passwordNow: 'SetPasswordNow', activationEmail: 'SendActivationEmail' } as const;

export const signInSetupMessages = {
  noPasswordWithActivationEmail: 'With an activation e-mail the user creates their own password: leave Password empty, or choose Set a password now.',
};

const hasPassword = (values: Row) => typeof values.Password === 'string' && values.Password !== '';

/** Whether a new account is mailed its activation link once created: unless its password was set now. */
export function mailsActivation(values: Row): boolean {
  return values.SignInSetup !== signInSetups.passwordNow;
}

/**
 * The columns a new account gets from the administrator's choice (beside its password hash, which userColumns
 * makes). The rules of users.json already refused SetPasswordNow without a password (Password is required.).
 */
export function signInColumns(values: Row): Row {
  switch (values.SignInSetup) {
    case signInSetups.passwordNow:
      return {
        SignInSetup: signInSetups.passwordNow, IsVerified: true, ActivationDate: new Date(),
        MustChangePassword: values.MustChangePassword !== false,
      };
    case signInSetups.activationEmail:
      if (hasPassword(values)) throw HttpError.of(400, signInSetupMessages.noPasswordWithActivationEmail, 'Password', 'PasswordWithActivationEmail');
      return { SignInSetup: signInSetups.activationEmail, IsVerified: false, MustChangePassword: true };
    default:
      return { IsVerified: false, MustChangePassword: true };
  }
}
