import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../../server/lib/password.ts';
import { addUser } from '../account-fixtures.ts';
import { adminPassword, signIn, type SignedIn } from '../helper.ts';
import type { Identity } from './request-arbitrary.ts';

const noModulesPassword = 'N0Modules-password';

interface Account {
  userId: number;
  userName: string;
  password: string;
  session?: SignedIn;
}

// A token signed with another secret, with a session id that never existed.
const forged = {
  authorization: 'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwic2lkIjoiZm9yZ2VkIn0.c2lnbmF0dXJlLW9mLWFub3RoZXItc2VjcmV0',
  'session-id': '00000000-0000-0000-0000-000000000000',
};

/**
 * The fuzzer's callers: the master administrator, a user without modules, nobody, and a forged token.
 * The fuzzer's own successful requests may sign them out or change their accounts (the administrator may
 * deactivate the user, or rename itself); `headers` puts each account back as it was and signs it in again.
 */
export class Identities {
  private accounts = new Map<'admin' | 'noModules', Account>();
  private stale = new Set<string>();
  /** True after a sign-in made here wrote rows the change log must not blame on the next request. */
  wroteRows = false;

  private constructor(private readonly app: FastifyInstance) {}

  static async create(app: FastifyInstance): Promise<Identities> {
    const identities = new Identities(app);
    const admin = await app.db('users').where({ UserName: 'admin' }).first('UserId');
    const noModulesId = await addUser(app, { UserName: 'nomodules', Password: noModulesPassword });
    identities.accounts.set('admin', { userId: admin.UserId, userName: 'admin', password: adminPassword });
    identities.accounts.set('noModules', { userId: noModulesId, userName: 'nomodules', password: noModulesPassword });
    return identities;
  }

  /** The headers a request as `identity` carries, signing in again first when its session ended. */
  async headers(identity: Identity): Promise<Record<string, string>> {
    if (identity === 'anonymous') return {};
    if (identity === 'forgedToken') return forged;
    const account = this.accounts.get(identity)!;
    if (!account.session || this.stale.has(identity)) {
      await this.restore(account);
      account.session = await signIn(this.app, account.userName, account.password);
      this.stale.delete(identity);
      this.wroteRows = true;
    }
    return account.session.headers;
  }

  /** Told every answer: a 401 to a signed-in identity means its session ended (403 is the user without modules' daily bread). */
  observe(identity: Identity, status: number): void {
    if (status === 401 && (identity === 'admin' || identity === 'noModules')) this.stale.add(identity);
  }

  /** Checks after every operation's run: an account the fuzzer changed is restored before the next. */
  async checkAccounts(): Promise<void> {
    const rows: Array<{ UserId: number; UserName: string; IsActive: boolean; MustChangePassword: boolean; IsVerified: boolean }> = await this.app
      .db('users')
      .whereIn('UserId', [...this.accounts.values()].map((a) => a.userId))
      .select('UserId', 'UserName', 'IsActive', 'MustChangePassword', 'IsVerified');
    const noModules = this.accounts.get('noModules')!;
    const grants = await this.app.db('user_roles').where({ UserId: noModules.userId }).count<Array<{ count: string }>>('* as count');
    for (const [name, account] of this.accounts) {
      const row = rows.find((r) => r.UserId === account.userId);
      const changed = !row || row.UserName !== account.userName || !row.IsActive || row.MustChangePassword || !row.IsVerified;
      if (changed || (name === 'noModules' && Number(grants[0].count) > 0)) this.stale.add(name);
    }
  }

  /** The account as the suite made it: its name, password, active and verified, and (for noModules) no roles. */
  private async restore(account: Account): Promise<void> {
    await this.app.db('users').where({ UserId: account.userId }).update({
      UserName: account.userName,
      PasswordHash: await hashPassword(account.password),
      IsActive: true,
      IsVerified: true,
      MustChangePassword: false,
    });
    if (account.userName === 'nomodules') {
      await this.app.db('user_roles').where({ UserId: account.userId }).delete();
      await this.app.db('user_permissions').where({ UserId: account.userId }).delete();
    }
    // The fuzzer's wrong passwords count against these accounts too.
    await this.app.db('rate_events').delete();
  }
}
