import type { FastifyInstance, FastifyRequest } from 'fastify';
import accountMessage from '../../../metadata/entities/AccountMessage.json' with { type: 'json' };
import { HttpError } from '../../lib/http-error.ts';
import { withRowRule } from '../../lib/crud/record-access.ts';
import { idParams } from '../../lib/crud/register-crud.ts';
import { noValuesBody } from '../../lib/crud/form-body.ts';
import { changedFields, writeAuditEntry } from '../../lib/crud/audit.ts';
import { routeNodeName } from '../access/permission-nodes.ts';
import { recordAttempt, buckets, requestsTooMany } from '../auth/rate-limit.ts';
import { mailKey, userById, type AccountUser } from '../accounts/account-users.ts';
import { expireKeys } from '../accounts/verification-keys.ts';
import { activationReasonFor } from '../accounts/stale-key.ts';
import { masterIsReadOnly } from './routes.ts';

type Row = Record<string, unknown>;

export const activationAdminMessages = {
  gone: 'This user no longer exists.',
  alreadyActivated: 'This account is already activated.',
  noPassword: (name: string) => `${name} has no password yet, so activating would not let them sign in: resend the activation e-mail so they create one, or set a password on this screen and save it first.`,
  inactive: (name: string) => `${name} is inactive: make the account active before sending an activation e-mail.`,
  activated: (name: string) => `The account ${name} is activated: they can sign in now.`,
  sent: (address: string) => `An activation e-mail was sent to ${address}.`,
  inOutbox: (address: string) => `An activation e-mail to ${address} is waiting in the Mail Outbox: no mail server is configured to send it.`,
};

/** Both calls change a user the way the update screen does: they need its route node, and reach only the users it reaches. */
const access = { module: 'RegisterUser', route: routeNodeName('users', 'update') } as const;

/**
 * The user update screen's activation actions, for an account not activated yet (IsVerified false): an
 * administrator marks it verified (it can then sign in with its password), or sends its activation e-mail again.
 * Users the caller may not reach (no 'View All Records', not theirs) answer as ones that do not exist.
 */
export default async function activationAdminRoutes(app: FastifyInstance) {
  /** The unverified account the request names, or the refusal that fits. */
  async function pendingAccount(request: FastifyRequest<{ Params: { id: number } }>): Promise<AccountUser & Row> {
    const reachable = await withRowRule(app.db('users').where({ UserId: request.params.id }), 'CreatedById', request.principal, 'OwnerAtomicCircleId').first('UserId', 'IsMaster');
    const user = reachable && (await userById(app.db, reachable.UserId as number));
    if (!user) throw HttpError.of(404, activationAdminMessages.gone, null, 'NotFound');
    if (reachable.IsMaster) throw HttpError.of(403, masterIsReadOnly, null, 'ReadOnlyRecord');
    if (user.IsVerified) throw HttpError.of(409, activationAdminMessages.alreadyActivated, null, 'AlreadyActivated');
    return user as AccountUser & Row;
  }

  app.post<{ Params: { id: number } }>('/api/users/:id/activate', {
    config: { access },
    schema: {
      tags: ['users'],
      summary: 'Activate an account that has not been verified: it can sign in with its password at once.',
      description: [
        "The account counts as verified (Activated, ActivationDate), its pending activation links stop working, and the",
        "change is in the user's History. 200 {Message, UserName}. 404 for a user the caller may not reach; 403 for the",
        "master user; 409 when the account is already activated, or has no password yet (it creates one from its activation e-mail).",
      ].join(' '),
      params: idParams,
      body: noValuesBody,
      response: { 200: accountMessage },
    },
  }, async (request) => {
    const user = await pendingAccount(request);
    if (!user.PasswordHash) throw HttpError.of(409, activationAdminMessages.noPassword(user.UserName), null, 'NoPassword');
    await app.db.transaction(async (trx) => {
      const [after] = await trx('users').where({ UserId: user.UserId, IsVerified: false })
        .update({ IsVerified: true, ActivationDate: trx.raw('coalesce(activation_date, now())'), ModifiedBy: request.principal!.UserName, ModifiedDate: trx.fn.now() })
        .returning(['IsVerified', 'ActivationDate']);
      if (!after) throw HttpError.of(409, activationAdminMessages.alreadyActivated, null, 'AlreadyActivated');
      await expireKeys(trx, user.UserId, ['activation', 'activationupdatepassword']);
      const changes = changedFields(['IsVerified', 'ActivationDate'], user, after);
      await writeAuditEntry(trx, { entity: 'users', recordId: user.UserId, action: 'update', principal: request.principal, changes });
    });
    return { Message: activationAdminMessages.activated(user.UserName), UserName: user.UserName };
  });

  app.post<{ Params: { id: number } }>('/api/users/:id/resend-activation', {
    config: { access },
    schema: {
      tags: ['users'],
      summary: 'Send the activation e-mail of an account that has not been verified again (a fresh link; earlier ones stop working).',
      description: [
        'With a password the link verifies the account, without one it also lets the user create a password.',
        'Without SMTP_URL the mail waits in the Mail Outbox, and the message says so. 200 {Message, UserName}. 404 for a',
        'user the caller may not reach; 403 for the master user; 409 when already activated or inactive; 429 after too',
        'many e-mails to the account; 503 when the mail server refuses it.',
      ].join(' '),
      params: idParams,
      body: noValuesBody,
      response: { 200: accountMessage },
    },
  }, async (request, reply) => {
    const user = await pendingAccount(request);
    if (!user.IsActive) throw HttpError.of(409, activationAdminMessages.inactive(user.UserName), null, 'Inactive');
    const { mailRequestsPerAddress: max, rateLimitWindowSeconds: window } = app.config;
    await recordAttempt(app.db, [{ bucket: buckets.mailAccount(user.UserId), max }], window, requestsTooMany, reply);
    await mailKey(app, user, activationReasonFor(user));
    const message = app.mailer.mode === 'smtp' ? activationAdminMessages.sent : activationAdminMessages.inOutbox;
    return { Message: message(user.EmailAddress), UserName: user.UserName };
  });
}
