import type { FastifyInstance } from 'fastify';
import resetPasswordRequest from '../../../metadata/entities/ResetPasswordRequest.json' with { type: 'json' };
import passwordInfo from '../../../metadata/entities/PasswordInfo.json' with { type: 'json' };
import accountMessage from '../../../metadata/entities/AccountMessage.json' with { type: 'json' };
import type { ResetPasswordRequest } from '../../../metadata/types/ResetPasswordRequest.ts';
import type { PasswordInfo } from '../../../metadata/types/PasswordInfo.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import { messages as accessMessages } from '../../plugins/access.ts';
import { recordAttempt, buckets, requestsTooMany } from '../auth/rate-limit.ts';
import { consumeKey, findKey, type Reason } from './verification-keys.ts';
import { unusableKeyError } from './stale-key.ts';
import { limitKeyGuesses } from './key-guess-limit.ts';
import { userById, mailKey } from './account-users.ts';
import { setPassword, passwordChanged } from './set-password.ts';
import { currentPasswordIncorrect, requireCurrentPassword } from './current-password.ts';
import { optionalLiveSession } from '../error-log/optional-session.ts';

export const passwordMessages = {
  changed: passwordChanged,
  userNameMismatch: 'The User Name you entered does not match this link.',
  currentPasswordIncorrect,
};

/** Keys that may set a password: a password link, or an activation link of an account without one. */
const passwordKeys: Reason[] = ['passwordreset', 'activationupdatepassword'];

export default async function passwordRoutes(app: FastifyInstance) {
  app.post<{ Body: ResetPasswordRequest }>('/api/User/ResetForgottenPassword', {
    config: { access: 'public' },
    schema: {
      tags: ['accounts'],
      summary: 'Set a new password with the key of an e-mailed link (or of a MustChangePassword sign-in).',
      description: [
        'Token: the {token} of /user/changepassword/{token} or /user/activateupdatepassword/{reason}/{token}, or the',
        'VerificationKey of a sign-in. The key is used up; the account counts as verified; every session of the user ends',
        '(they sign in again with the new password) but the one making the call when it is that user\'s own: a sign-in flagged',
        'MustChangePassword stays signed in once the password is changed.',
        "200 {Message: 'Your password has been successfully changed.', UserName}.",
        "Failures: 400 validation items (Password pattern, ConfirmPassword 'Must equal Password.'); 400 Password",
        "'Must not be a commonly used password.' (ErrorCode CommonPassword: in a list of common and breached ones); 400 UserName",
        "'The User Name you entered does not match this link.'; 400 stale-key items ('The verification key has expired.').",
      ].join(' '),
      body: resetPasswordRequest,
      response: { 200: accountMessage },
    },
  }, async (request, reply) => {
    // Before the key is tried: a refused password is not a failed guess of a key.
    await refuseCommonPassword(request.body.Password, 'Password');
    return limitKeyGuesses(app, request, reply, async () => resetWithKey(request.body, await optionalLiveSession(app, request)));
  });

  async function resetWithKey({ Password, Token, UserName = '' }: ResetPasswordRequest, caller: { UserId: number; SessionId: string } | null) {
    const row = await findKey(app.db, Token);
    if (!row || !row.Live || !passwordKeys.includes(row.Reason)) throw unusableKeyError(Token, row, passwordKeys, 'passwordreset');
    const user = (await userById(app.db, row.UserId))!;
    if (UserName.trim() && UserName.trim().toLowerCase() !== user.UserName.toLowerCase()) {
      throw HttpError.of(400, passwordMessages.userNameMismatch, 'UserName', 'UserNameMismatch');
    }
    const hash = await hashPassword(Password);
    await app.db.transaction(async (trx) => {
      if (!(await consumeKey(trx, row.KeyId))) throw unusableKeyError(Token, { ...row, Live: false }, passwordKeys, row.Reason);
      // The user's own session making the change (a MustChangePassword sign-in) carries on; any other ends.
      await setPassword(trx, user.UserId, hash, { verifiesEmail: true, keepSession: caller?.UserId === user.UserId ? caller.SessionId : undefined });
    });
    return { Message: passwordMessages.changed, UserName: user.UserName };
  }

  app.get('/api/users/request-update-password-for-current-user', {
    config: { access: { module: 'RequestPasswordReset' } },
    schema: {
      tags: ['accounts'],
      summary: "E-mail the signed-in user a link to change their password; answers the text 'true'.",
      description: "The link opens /user/changepassword/{key}. 429 after too many requests; 503 when the mail cannot be sent.",
      response: { 200: { type: 'string', enum: ['true'] } },
    },
  }, async (request, reply) => {
    const { mailRequestsPerAddress: max, rateLimitWindowSeconds: window } = app.config;
    const user = (await userById(app.db, request.principal!.UserId))!;
    await recordAttempt(app.db, [{ bucket: buckets.mailAccount(user.UserId), max }], window, requestsTooMany, reply);
    await mailKey(app, user, 'passwordreset');
    return reply.type('text/plain; charset=utf-8').send('true');
  });

  app.post<{ Body: PasswordInfo }>('/api/users/update-password', {
    config: { access: 'session', whilePasswordMustChange: true },
    schema: {
      tags: ['accounts'],
      summary: 'The signed-in user changes their own password.',
      description: [
        "200 {Message: 'Your password has been successfully changed.'}; the user's other sessions end, this one stays.",
        "Failures: 400 validation items; 400 NewPassword 'Must not be a commonly used password.' (ErrorCode CommonPassword);",
        "400 CurrentPassword 'The Current Password you entered is incorrect.' (counted",
        "with failed sign-ins: 429 after too many); 403 when UserId is another user's.",
      ].join(' '),
      body: passwordInfo,
      response: { 200: accountMessage },
    },
  }, async (request, reply) => {
    const p = request.principal!;
    const { UserId, CurrentPassword, NewPassword } = request.body;
    if (UserId !== undefined && UserId !== p.UserId) throw HttpError.of(403, accessMessages.noAccess);
    await requireCurrentPassword(app, p, CurrentPassword, reply);
    await refuseCommonPassword(NewPassword, 'NewPassword');
    await setPassword(app.db, p.UserId, await hashPassword(NewPassword), { verifiesEmail: false, keepSession: p.SessionId });
    return { Message: passwordMessages.changed };
  });
}
