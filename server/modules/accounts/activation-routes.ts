import type { FastifyInstance } from 'fastify';
import activationRequest from '../../../metadata/entities/ActivationRequest.json' with { type: 'json' };
import accountMessage from '../../../metadata/entities/AccountMessage.json' with { type: 'json' };
import type { ActivationRequest } from '../../../metadata/types/ActivationRequest.ts';
import { HttpError } from '../../lib/http-error.ts';
import { consumeKey, findKey, type Reason } from './verification-keys.ts';
import { unusableKeyError } from './stale-key.ts';
import { userById } from './account-users.ts';
import { limitKeyGuesses } from './key-guess-limit.ts';

export const activationMessages = {
  emptyTokenOrReason: 'Empty token or reason.',
  activated: 'Your account has been successfully verified. Please log in.',
  createPassword: 'Your account has been verified. Please create your password.',
};

export default async function activationRoutes(app: FastifyInstance) {
  app.put<{ Body: ActivationRequest }>('/api/User/Activate', {
    config: { access: 'public' },
    schema: {
      tags: ['accounts'],
      summary: 'Verify an account from its activation link.',
      description: [
        'Body: the {reason} and {token} of /user/activate/{reason}/{token} or /user/activateupdatepassword/{reason}/{token}.',
        'activation: the key is used up, the account is verified; 200 {Message, UserName}, then the client shows a sign-in form.',
        'activationupdatepassword: the key is only checked (it is used up by User/ResetForgottenPassword, which sets the',
        'password and verifies the account); 200 {Message, UserName}.',
        "Failures: 400 'Empty token or reason.'; 400 stale-key items (StaleKeyError: 'The verification key has expired.' with",
        "StaleKey = the token, or 'The verification key is invalid.' with StaleKey generatenewkey).",
      ].join(' '),
      body: activationRequest,
      response: { 200: accountMessage },
    },
  }, async (request, reply) => limitKeyGuesses(app, request, reply, async () => {
    const token = request.body.ActivationToken.trim();
    const reason = request.body.ActivationReason.trim().toLowerCase();
    if (!token || !reason) throw HttpError.of(400, activationMessages.emptyTokenOrReason, null, 'EmptyTokenOrReason');
    const expected: Reason[] = reason === 'activationupdatepassword' ? ['activationupdatepassword'] : ['activation'];
    const row = await findKey(app.db, token);
    if (!row || !row.Live || row.Reason !== reason) throw unusableKeyError(token, row, expected, reason);
    const user = (await userById(app.db, row.UserId))!;
    if (row.Reason === 'activationupdatepassword') return { Message: activationMessages.createPassword, UserName: user.UserName };
    await app.db.transaction(async (trx) => {
      if (!(await consumeKey(trx, row.KeyId))) throw unusableKeyError(token, { ...row, Live: false }, expected, reason);
      await trx('users').where({ UserId: user.UserId }).update({ IsVerified: true, ActivationDate: trx.raw('coalesce(activation_date, now())') });
    });
    return { Message: activationMessages.activated, UserName: user.UserName };
  }));
}
