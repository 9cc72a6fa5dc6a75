import type { Knex } from 'knex';
import { hashPassword, randomPassword } from '../lib/password.ts';

export interface MasterAdminResult {
  created: boolean;
  /** Set only when a random password was made: shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * On the first start against an empty database, the master administrator `admin` (IsMaster, role 1).
 * With ADMIN_PASSWORD it gets that password; without, a random one it must change at first sign-in.
 */
export async function ensureMasterAdmin(db: Knex, adminPassword?: string): Promise<MasterAdminResult> {
  return db.transaction(async (trx) => {
    await trx.raw('lock table users in exclusive mode');
    const existing = await trx('users').first('UserId');
    if (existing) return { created: false };
    const password = adminPassword ?? randomPassword();
    const [{ UserId }] = await trx('users')
      .insert({
        UserName: 'admin',
        FirstName: 'System',
        LastName: 'Administrator',
        // A placeholder of the reserved example domain that keeps the e-mail rule, so the administrator's own
        // account saves as it is; they set their real address on Your Account.
        EmailAddress: 'admin@example.org',
        PasswordHash: await hashPassword(password),
        IsMaster: true,
        MustChangePassword: adminPassword === undefined,
        ActivationDate: trx.fn.now(),
        PasswordLastChangedDate: trx.fn.now(),
        CreatedBy: 'system',
      })
      .returning('UserId');
    await trx('user_roles').insert({ UserId, RoleId: 1 });
    return { created: true, generatedPassword: adminPassword === undefined ? password : undefined };
  });
}
