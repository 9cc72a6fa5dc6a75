import type { FastifyInstance } from 'fastify';
import currentUser from '../../../metadata/entities/CurrentUser.json' with { type: 'json' };
import userNameChange from '../../../metadata/entities/UserNameChange.json' with { type: 'json' };
import accountMessage from '../../../metadata/entities/AccountMessage.json' with { type: 'json' };
import type { UserNameChange } from '../../../metadata/types/UserNameChange.ts';
import { HttpError } from '../../lib/http-error.ts';
import { messages as accessMessages } from '../../plugins/access.ts';
import { isOwnPassword } from '../accounts/current-password.ts';
import { limitAccountLookups } from '../accounts/lookup-limit.ts';
import { isFreeFor, requireFreeUserName, withUniqueUserName } from './user-names.ts';

export const userNameChanged = 'Your user name has been successfully changed.';

const answer = { 200: { type: 'boolean' } } as const;
const uniquenessChecks = [
  ['is-unique-user-name', 'userName', 'UserName', 'user name'],
  ['is-unique-email-address', 'emailAddress', 'EmailAddress', 'e-mail address'],
] as const;
const optionalUserId = { userId: { type: 'integer', description: 'The user the value is for (their own value is not a clash); none when creating.' } };

/**
 * The current user's own calls (spec 1 section 7, "Users"): read-current-user, update-user-name, the uniqueness
 * checks and is-valid-user. Open to every signed-in user, and only ever about the caller: a UserId of someone
 * else is refused.
 */
export default async function currentUserRoutes(app: FastifyInstance) {
  app.get('/api/users/read-current-user', {
    config: { access: 'session', whilePasswordMustChange: true },
    schema: { tags: ['accounts'], summary: 'The signed-in user: names, e-mail, whether master, and the PilotId of a pilot user (null otherwise).', response: { 200: currentUser } },
  }, async (request) => app.db('users').where({ UserId: request.principal!.UserId })
    .first('UserId', 'UserName', 'FirstName', 'LastName', 'EmailAddress', 'IsMaster', 'PilotId'));

  app.post<{ Body: UserNameChange }>('/api/users/update-user-name', {
    config: { access: 'session' },
    schema: {
      tags: ['accounts'],
      summary: 'The signed-in user changes their own user name.',
      description: `200 {Message: '${userNameChanged}', UserName}. Failures: 400 validation items; 409 UserName 'An account with this user name already exists in the system.'; 403 when UserId is another user's.`,
      body: userNameChange,
      response: { 200: accountMessage },
    },
  }, async (request, reply) => {
    const p = request.principal!;
    const { UserId, UserName } = request.body;
    await limitAccountLookups(app, request, reply);
    if (UserId !== undefined && UserId !== p.UserId) throw HttpError.of(403, accessMessages.noAccess);
    const name = UserName.trim();
    if (!name) throw HttpError.of(400, 'User Name is required.', 'UserName', 'required');
    await withUniqueUserName(() => app.db.transaction(async (trx) => {
      await requireFreeUserName(trx, name, p.UserId);
      await trx('users').where({ UserId: p.UserId }).update({ UserName: name, ModifiedBy: p.UserName, ModifiedDate: trx.fn.now() });
    }));
    return { Message: userNameChanged, UserName: name };
  });

  // GET is-unique-user-name (userName, userId) and is-unique-email-address (emailAddress, userId).
  for (const [path, param, field, what] of uniquenessChecks) {
    app.get<{ Querystring: Record<string, string> & { userId?: number } }>(`/api/users/${path}`, {
      config: { access: 'session' },
      schema: {
        tags: ['accounts'],
        summary: `Whether no other user has this ${what} (case ignored): true or false.`,
        description: 'Tells whether an account has it: 429 after too many such calls from one address or one user.',
        querystring: { type: 'object', additionalProperties: false, required: [param], properties: { [param]: { type: 'string', maxLength: 200 }, ...optionalUserId } },
        response: answer,
      },
    }, async (request, reply) => {
      await limitAccountLookups(app, request, reply);
      return isFreeFor(app.db, field, request.query[param], request.query.userId);
    });
  }

  app.get<{ Querystring: { EmailAddress: string; Password: string } }>('/api/users/is-valid-user', {
    config: { access: 'session' },
    // The spec sends the password in the query string: keep the request line out of the logs.
    logLevel: 'warn',
    schema: {
      tags: ['accounts'],
      summary: "Whether the e-mail address and password are the signed-in user's own: true or false.",
      description: 'Only the caller\'s own credentials are ever checked; a wrong answer counts with the account\'s failed sign-ins (429 after too many).',
      querystring: {
        type: 'object', additionalProperties: false, required: ['EmailAddress', 'Password'],
        properties: { EmailAddress: { type: 'string', maxLength: 200 }, Password: { type: 'string', maxLength: 200 } },
      },
      response: answer,
    },
  }, async (request, reply) => {
    const p = request.principal!;
    const { EmailAddress } = (await app.db('users').where({ UserId: p.UserId }).first('EmailAddress')) ?? {};
    const ownAddress = typeof EmailAddress === 'string' && EmailAddress.toLowerCase() === request.query.EmailAddress.trim().toLowerCase();
    // The password is checked (and counted) whatever the address, so the answer's timing tells nothing.
    const ownPassword = await isOwnPassword(app, p, request.query.Password, reply);
    return ownAddress && ownPassword;
  });
}
