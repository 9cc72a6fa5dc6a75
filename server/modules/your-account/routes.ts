import type { FastifyInstance } from 'fastify';
import yourAccount from '../../../metadata/entities/YourAccount.json' with { type: 'json' };
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { registerSingleRecord } from '../../lib/crud/register-single.ts';
import { hashPassword } from '../../lib/password.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import { requireCurrentPassword } from '../accounts/current-password.ts';
import { setPassword } from '../accounts/set-password.ts';
import { requireFreeEmailAddress, requireFreeUserName, withUniqueUserName } from '../users/user-names.ts';
import { readAccount, writeAccount } from './account-record.ts';
import { resolveAccountReferences } from './account-references.ts';
import { emailChangeNotices } from '../accounts/email-change-notice.ts';

/**
 * Your Account (spec 1): GET and POST /api/youraccount, the signed-in user's own details. The spec names no module
 * for /youraccount, so the screen document declares none: every signed-in user may open it, and the server only ever
 * reads and writes the caller's own account (the user is the session's, never one named in the body).
 */
export default async function yourAccountRoutes(app: FastifyInstance) {
  const announceEmailChange = emailChangeNotices(app);
  registerSingleRecord<string | null>(app, {
    screen: app.registry.screen('youraccount'),
    entity: yourAccount as JsonSchema,
    read: (request) => readAccount(app.db, request.principal!.UserId),
    // One's account is one's users row: locked and versioned as the Users screen locks it, so neither overwrites the other.
    versioned: { record: { domain: 'users', table: 'users', idField: 'UserId', label: 'Account' }, id: (request) => request.principal!.UserId },
    prepare: (body) => resolveAccountReferences(app.db, body),
    // The password changes only while the toggle is on; a stale value sent with it off is ignored, as the form clears it.
    async before(request, values, reply) {
      if (values.ChangePassword !== true) return null;
      await requireCurrentPassword(app, request.principal!, String(values.CurrentPassword), reply);
      await refuseCommonPassword(values.NewPassword, 'NewPassword');
      return hashPassword(String(values.NewPassword)); // slow: outside the transaction
    },
    async write(trx, request, values, passwordHash) {
      const p = request.principal!;
      await requireFreeUserName(trx, String(values.UserName), p.UserId);
      await requireFreeEmailAddress(trx, String(values.EmailAddress), p.UserId);
      const before = await trx('users').where({ UserId: p.UserId }).first('FirstName', 'UserName', 'EmailAddress');
      await withUniqueUserName(() => writeAccount(trx, p.UserId, values, p.UserName));
      announceEmailChange(request, {
        FirstName: before.FirstName, UserName: before.UserName, NewUserName: String(values.UserName),
        OldAddress: before.EmailAddress, NewAddress: String(values.EmailAddress), ChangedBy: p.UserName,
      });
      if (passwordHash) await setPassword(trx, p.UserId, passwordHash, { verifiesEmail: false, keepSession: p.SessionId });
    },
  });
}
