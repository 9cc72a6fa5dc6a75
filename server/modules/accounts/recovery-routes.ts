import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import verificationCodeRequest from '../../../metadata/entities/VerificationCodeRequest.json' with { type: 'json' };
import accountMessage from '../../../metadata/entities/AccountMessage.json' with { type: 'json' };
import type { VerificationCodeRequest } from '../../../metadata/types/VerificationCodeRequest.ts';
import { HttpError } from '../../lib/http-error.ts';
import { findKey, markRenewed, reasons, generateNewKey, type Reason } from './verification-keys.ts';
import { unusableKeyError, activationReasonFor } from './stale-key.ts';
import {
  activeUserByName, activeUsersByEmail, activeUserByNameOrEmail, userById, isVerified, mailKey, type AccountUser,
} from './account-users.ts';
import { userNameMail } from './account-mail.ts';
import { limitMailRequests, accountMailAllowed } from './mail-throttle.ts';
import { limitAccountLookups } from './lookup-limit.ts';

/** Spec 1 section 8, as given (two spaces after full stops included). */
export const recoveryMessages = {
  passwordMailSent: 'An email has been sent to the username provided.  Please check your email.',
  passwordMailSentToAddress: 'An email has been sent to the email address provided.  Please check your email.',
  userNameRecovered: 'You have successfully recovered your user name.  Please check your email.',
  newCodeSent: 'New verification code was created and sent to your email account.',
  alreadyVerified: 'Your account has already been verified. Please log in.',
};

const notEnumerating = [
  'The answer is the same whether or not an account matches (no mail is sent when none does), and for an account not',
  'verified yet (which is mailed its activation link instead), so the call does not tell which accounts exist.',
  '429 after too many calls from one address.',
].join(' ');

const userNameQuery = {
  type: 'object', additionalProperties: false, required: ['userName'],
  properties: { userName: { type: 'string', title: 'User Name', minLength: 1, maxLength: 200 } },
};
const emailQuery = {
  type: 'object', additionalProperties: false, required: ['emailAddress'],
  properties: { emailAddress: { type: 'string', title: 'Email Address', minLength: 1, maxLength: 200, format: 'email' } },
};

export default async function recoveryRoutes(app: FastifyInstance) {
  /** Every recovery call answers whether an account matches only by mail: each counts as mail asked for and as a lookup. */
  async function limitRecovery(request: FastifyRequest, reply: FastifyReply) {
    await limitMailRequests(app, request, reply);
    await limitAccountLookups(app, request, reply);
  }

  /** Mails after the response (same timing for every answer), within the per-account mail limit. */
  const mailLater = (user: AccountUser, reason: Reason) =>
    app.mailer.later(async () => {
      if (await accountMailAllowed(app, user.UserId)) await mailKey(app, user, reason);
    });

  /**
   * What an account not verified yet gets instead of what was asked: its activation link, which is what it needs next.
   * Answering it with the verification error would tell a stranger that the account exists.
   */
  const mailActivation = (user: AccountUser) => mailLater(user, activationReasonFor(user));

  app.get<{ Querystring: { userName: string } }>('/api/User/RequestForgottenPasswordByUserName', {
    config: { access: 'public' },
    schema: {
      tags: ['accounts'],
      summary: "Mail a password link (/user/changepassword/{key}) to the account with this user name.",
      description: `200 {Message: '${recoveryMessages.passwordMailSent}'}. ${notEnumerating}`,
      querystring: userNameQuery,
      response: { 200: accountMessage },
    },
  }, async (request, reply) => {
    await limitRecovery(request, reply);
    const user = await activeUserByName(app.db, request.query.userName);
    if (user && !isVerified(user)) mailActivation(user);
    else if (user) mailLater(user, 'passwordreset');
    return { Message: recoveryMessages.passwordMailSent };
  });

  app.get<{ Querystring: { emailAddress: string } }>('/api/users/forgot-password', {
    config: { access: 'public' },
    schema: {
      tags: ['accounts'],
      summary: 'Mail a password link to every account with this e-mail address.',
      description: `200 {Message: '${recoveryMessages.passwordMailSentToAddress}'}. ${notEnumerating}`,
      querystring: emailQuery,
      response: { 200: accountMessage },
    },
  }, async (request, reply) => {
    await limitRecovery(request, reply);
    for (const user of await activeUsersByEmail(app.db, request.query.emailAddress)) {
      if (isVerified(user)) mailLater(user, 'passwordreset');
      else mailActivation(user);
    }
    return { Message: recoveryMessages.passwordMailSentToAddress };
  });

  app.get<{ Querystring: { emailAddress: string } }>('/api/users/forgot-user-name', {
    config: { access: 'public' },
    schema: {
      tags: ['accounts'],
      summary: 'Mail the user name(s) of the accounts with this e-mail address.',
      description: `200 {Message: '${recoveryMessages.userNameRecovered}'}. ${notEnumerating}`,
      querystring: emailQuery,
      response: { 200: accountMessage },
    },
  }, async (request, reply) => {
    await limitRecovery(request, reply);
    const users = await activeUsersByEmail(app.db, request.query.emailAddress);
    // An unverified account's activation mail names it; the verified ones' names go together in one mail.
    for (const user of users.filter((u) => !isVerified(u))) mailActivation(user);
    const verified = users.filter(isVerified);
    if (verified.length) {
      app.mailer.later(async () => {
        if (await accountMailAllowed(app, verified[0].EmailAddress)) await app.mailer.send(userNameMail(verified[0].EmailAddress, verified));
      });
    }
    return { Message: recoveryMessages.userNameRecovered };
  });

  app.post<{ Body: VerificationCodeRequest }>('/api/User/CreateVerificationCode', {
    config: { access: 'public' },
    schema: {
      tags: ['accounts'],
      summary: 'Mail a fresh verification key, for /user/invalidverificationcode/{reason}/{token}.',
      description: [
        'Token: a StaleKey from an earlier error (it is traded once; the account is the key\'s), or generatenewkey with',
        'UserName (a user name, or an e-mail address held by one account). What is mailed: an activation link while the',
        'account is unverified (whatever Reason says), else a password link when Reason is passwordreset.',
        `200 {Message: '${recoveryMessages.newCodeSent}'}, the same whether or not an account matched.`,
        "Failures: 400 UserName 'User Name is required.' (generatenewkey without it); 400 stale-key items for a token",
        `that is unknown or was already traded; 400 '${recoveryMessages.alreadyVerified}' for an activation token of a`,
        'verified account; 429 after too many calls from one address.',
      ].join(' '),
      body: verificationCodeRequest,
      response: { 200: accountMessage },
    },
  }, async (request, reply) => {
    const { Token, UserName = '' } = request.body;
    let wanted = request.body.Reason.trim().toLowerCase();
    await limitRecovery(request, reply);
    let user: AccountUser | undefined;
    let byToken = false;
    if (Token.trim() && Token !== generateNewKey) {
      const row = await findKey(app.db, Token.trim());
      if (row && !row.Renewed && (await markRenewed(app.db, row.KeyId))) {
        user = await userById(app.db, row.UserId);
        byToken = true;
        wanted = row.Reason;
      } else if (!UserName.trim()) {
        throw unusableKeyError(Token, row && { ...row, Renewed: true }, reasons, wanted);
      }
    }
    if (!user) {
      if (!UserName.trim()) throw HttpError.of(400, 'User Name is required.', 'UserName', 'required');
      user = await activeUserByNameOrEmail(app.db, UserName);
    }
    const reason: Reason | null = !user ? null : !isVerified(user) ? activationReasonFor(user) : wanted === 'passwordreset' ? 'passwordreset' : null;
    if (user && byToken && !reason) throw HttpError.of(400, recoveryMessages.alreadyVerified, null, 'AlreadyVerified');
    if (user && reason) mailLater(user, reason);
    return { Message: recoveryMessages.newCodeSent };
  });
}
