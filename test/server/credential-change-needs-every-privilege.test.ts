import { beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, injectAs, oneDatabase, signIn, useTestApp, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { nodeId, override } from './access-fixtures.ts';
import { credentialMessages, type CredentialField } from '../../server/modules/users/credential-access.ts';

/**
 * Changing who can sign in as a user (e-mail address, user name, password) needs every privilege that user holds.
 * Each of these people tries to change each credential of each other one (and their own, through Your Account);
 * what is allowed is worked out here from the grants the suite gives, independently of the server's evaluator:
 * allowed exactly when the actor is the target, or the master user, or holds every module, every route and field
 * node and every View All Records the target holds (the master user's own only by the master user).
 */

interface Grant { module: string; viewAll: boolean }
interface Override { module: string; child?: { type: 'route' | 'field'; name: string }; access: boolean | null; viewAll: boolean | null }
interface Person {
  name: string;
  password: string;
  master?: boolean;
  /** Role 1 (every node), or a role given modules (every route and field node under each). */
  roles?: 'admin' | Grant[];
  /** Overrides of a module node alone (its route and field nodes not given), or of one route or field node. */
  overrides?: Override[];
}

const managerGrants: Grant[] = [
  { module: 'RegisterUser', viewAll: true }, { module: 'FormManagement', viewAll: true }, { module: 'MenuItem', viewAll: false }, { module: 'MailOutbox', viewAll: false },
];
const clerkGrants: Grant[] = [{ module: 'RegisterUser', viewAll: true }, { module: 'FormManagement', viewAll: false }];
const people: Person[] = [
  { name: 'admin', password: adminPassword, master: true },
  { name: 'admin2', password: 'Second123', roles: 'admin' },
  // A user manager: Users with View All Records, but not module Role (so no roles to give).
  { name: 'manager', password: 'Manager123', roles: managerGrants },
  // Users, and a subset of the manager's other modules (FormManagement without View All Records).
  { name: 'clerk', password: 'Clerk12345', roles: clerkGrants },
  // The clerk's grants, with overrides: View All Records on FormManagement, and module MenuItem without its route and field nodes.
  {
    name: 'lead', password: 'Lead123456', roles: clerkGrants,
    overrides: [{ module: 'FormManagement', access: null, viewAll: true }, { module: 'MenuItem', access: true, viewAll: null }],
  },
  // The manager's grants but one route node taken away by an override: one less than the manager, by a single node.
  { name: 'deputy', password: 'Deputy1234', roles: managerGrants, overrides: [{ module: 'RegisterUser', child: { type: 'route', name: 'users.delete' }, access: false, viewAll: null }] },
  { name: 'plain', password: 'Plain12345', roles: [{ module: 'ReportModule', viewAll: false }] },
];
const credentials: CredentialField[] = ['EmailAddress', 'UserName', 'Password'];

// Walked on one database (PostgreSQL when set), as the route access matrix is: the evaluator's statements are the same on both.
describe.each(oneDatabase)('changing how a user signs in needs every privilege that user holds, on %s', (kind) => {
  const t = useTestApp(kind);
  const ids = new Map<string, number>();
  const sessions = new Map<string, SignedIn>();
  /** What each person holds, as tokens: 'M' a module, 'M/route:x' and 'M/field:y' its nodes, 'M:all' its View All Records. */
  const held = new Map<string, Set<string>>();
  /** Each person's credentials as the suite made them: what is put back after an allowed change. */
  const original = new Map<string, { EmailAddress: string; UserName: string; PasswordHash: string }>();

  beforeAll(async () => {
    const nodes: Array<{ Module: string; Type: string; Name: string; AllowViewAllRecords: boolean }> = (await t.app.db.raw(`select m.name as module, n.type, n.name,
        m.allow_view_all_records from permission_nodes n join modules m on m.module_id = n.module_id where not n.is_retired`)).rows;
    const token = (module: string, child?: { type: string; name: string }) => (child ? `${module}/${child.type}:${child.name}` : module);
    const childrenOf = (module: string) => nodes.filter((n) => n.Module === module && n.Type !== 'module').map((n) => token(module, { type: n.Type, name: n.Name }));
    const offersViewAll = (module: string) => nodes.some((n) => n.Module === module && n.Type === 'module' && n.AllowViewAllRecords);
    for (const person of people) {
      const set = new Set<string>();
      const grants = person.roles === 'admin' ? nodes.filter((n) => n.Type === 'module').map((n) => ({ module: n.Name, viewAll: true })) : person.roles ?? [];
      for (const g of grants) [g.module, ...childrenOf(g.module), ...(g.viewAll && offersViewAll(g.module) ? [`${g.module}:all`] : [])].forEach((x) => set.add(x));
      for (const o of person.overrides ?? []) {
        const node = token(o.module, o.child);
        if (o.access !== null) set[o.access ? 'add' : 'delete'](node);
        if (o.viewAll !== null && !o.child && offersViewAll(o.module)) set[o.viewAll ? 'add' : 'delete'](`${o.module}:all`);
      }
      // A route or field node, and View All Records, count only under a module held.
      for (const x of [...set]) if (x.includes('/') || x.includes(':all')) if (!set.has(x.split(/[/:]/)[0])) set.delete(x);
      held.set(person.name, set);

      if (person.master) {
        ids.set(person.name, (await t.app.db('users').where({ IsMaster: true }).first('UserId')).UserId);
      } else {
        const roleIds = person.roles === 'admin' ? [1] : [];
        if (Array.isArray(person.roles)) {
          const role = await addRole(t.app, `${person.name} role`);
          for (const g of person.roles) await grantModule(t.app, role, g.module, g.viewAll);
          roleIds.push(role);
        }
        const id = await addUser(t.app, { UserName: person.name, Password: person.password, RoleIds: roleIds });
        for (const o of person.overrides ?? []) await override(t.app, id, await nodeId(t.app, o.module, o.child), o.access, o.viewAll);
        ids.set(person.name, id);
      }
      original.set(person.name, await t.app.db('users').where({ UserId: ids.get(person.name) }).first('EmailAddress', 'UserName', 'PasswordHash'));
      sessions.set(person.name, await signIn(t.app, person.name, person.password));
    }
  });

  const isMaster = (name: string) => people.find((p) => p.name === name)!.master === true;
  function allowed(actor: string, target: string): boolean {
    if (actor === target || isMaster(actor)) return true;
    if (isMaster(target)) return false;
    return [...held.get(target)!].every((token) => held.get(actor)!.has(token));
  }

  /** The actor's session, signed in afresh when an allowed password change of theirs ended it. */
  async function sessionOf(name: string): Promise<SignedIn> {
    const who = sessions.get(name)!;
    if ((await injectAs(t.app, who, { method: 'GET', url: '/api/users/read-current-user' })).statusCode === 200) return who;
    const again = await signIn(t.app, name, people.find((p) => p.name === name)!.password);
    sessions.set(name, again);
    return again;
  }

  let serial = 0;
  /** The actor's attempt: through Your Account for their own credentials, else as the user form saves the target. */
  async function attempt(actor: string, target: string, credential: CredentialField) {
    serial += 1;
    const who = await sessionOf(actor);
    const value = credential === 'EmailAddress' ? `${actor}.${target}.${serial}@attacker.example` : credential === 'UserName' ? `${target}-by-${actor}-${serial}` : `Taken${serial}over`;
    if (actor === target) {
      const account = (await injectAs(t.app, who, { method: 'GET', url: '/api/youraccount' })).json();
      const change = credential === 'Password'
        ? { ChangePassword: true, CurrentPassword: people.find((p) => p.name === actor)!.password, NewPassword: value, ConfirmPassword: value }
        : { [credential]: value };
      return { value, res: await injectLocked(t.app, who, { method: 'POST', url: '/api/youraccount', payload: { ...account, ...change } }) };
    }
    const url = `/api/users/${ids.get(target)}`;
    // The record as the actor reads it (as an administrator reads it when the actor may not), sent back without Role and Permissions.
    const read = await injectAs(t.app, who, { method: 'GET', url });
    const record = read.statusCode === 200 ? read.json() : (await injectAs(t.app, await sessionOf('admin'), { method: 'GET', url })).json();
    const { Role: _r, Permissions: _p, CredentialsLocked: _l, ...body } = record;
    // The user form confirms a changed address (spec 1: Confirm Email Address must equal it) and a password.
    const change = credential === 'Password' ? { Password: value, ConfirmPassword: value }
      : credential === 'EmailAddress' ? { EmailAddress: value, ConfirmEmailAddress: value } : { [credential]: value };
    return { value, res: await injectLocked(t.app, who, { method: 'POST', url, payload: { ...body, ...change } }) };
  }

  for (const actor of people.map((p) => p.name)) {
    for (const target of people.map((p) => p.name)) {
      for (const credential of credentials) {
        const verdict = () => (allowed(actor, target) ? 'changes' : 'may not change');
        it(`${actor} ${actor === target ? '(Your Account)' : ''} and the ${credential} of ${target}`, async () => {
          const expected = allowed(actor, target);
          const { value, res } = await attempt(actor, target, credential);
          const now = await t.app.db('users').where({ UserId: ids.get(target) }).first('EmailAddress', 'UserName', 'PasswordHash');
          const before = original.get(target)!;
          const changed = credential === 'Password' ? now.PasswordHash !== before.PasswordHash : now[credential] === value;
          expect(changed, `${actor} ${verdict()} the ${credential} of ${target}: ${res.statusCode} ${res.body}`).toBe(expected);
          if (expected) {
            expect(res.statusCode, res.body).toBe(200);
            // Put the credentials back (and the sign-in they need) for the next attempt.
            await t.app.db('users').where({ UserId: ids.get(target) }).update({ ...before, MustChangePassword: false });
          } else {
            expect(res.statusCode, res.body).toBe(403);
            const reachable = held.get(actor)!.has('RegisterUser') && !isMaster(target);
            if (reachable) expect(res.json()).toEqual([{ PropertyName: credential, ErrorMessage: credentialMessages.lacksPrivileges(credential), ErrorCode: 'CredentialAccess' }]);
          }
        });
      }
    }
  }

  it('tells the reader of a user record whether they may change how that user signs in', async () => {
    for (const actor of ['admin', 'admin2', 'manager', 'clerk', 'lead', 'deputy']) {
      for (const target of people.map((p) => p.name)) {
        const res = await injectAs(t.app, await sessionOf(actor), { method: 'GET', url: `/api/users/${ids.get(target)}` });
        expect(res.statusCode).toBe(200);
        expect(res.json().CredentialsLocked, `${actor} reading ${target}`).toBe(actor === target ? false : !allowed(actor, target));
      }
    }
  });

  it("still saves the rest of an administrator's record for a user manager, sent back as read, credentials unchanged", async () => {
    const manager = await sessionOf('manager');
    const url = `/api/users/${ids.get('admin2')}`;
    const record = (await injectAs(t.app, manager, { method: 'GET', url })).json();
    // Without module Role the answer leaves out Role and Permissions, which its form does not draw and a save refuses.
    expect(record).not.toHaveProperty('Role');
    expect(record).not.toHaveProperty('Permissions');
    const saved = await injectLocked(t.app, manager, { method: 'POST', url, payload: { ...record, FirstName: 'Renamed', LastName: 'Admin' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await t.app.db('users').where({ UserId: ids.get('admin2') }).first('FirstName', 'EmailAddress', 'UserName'))
      .toEqual({ FirstName: 'Renamed', EmailAddress: original.get('admin2')!.EmailAddress, UserName: original.get('admin2')!.UserName });
  });

  it('stops the takeover: a user manager cannot point an administrator at an address it reads and reset its password', async () => {
    const manager = await sessionOf('manager');
    const url = `/api/users/${ids.get('admin2')}`;
    const { Role: _r, Permissions: _p, ...record } = (await injectAs(t.app, manager, { method: 'GET', url })).json();
    const takeover = await injectLocked(t.app, manager, { method: 'POST', url, payload: { ...record, EmailAddress: 'inbox-of-manager@attacker.example', ConfirmEmailAddress: 'inbox-of-manager@attacker.example' } });
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json()[0]).toMatchObject({ PropertyName: 'EmailAddress', ErrorCode: 'CredentialAccess' });
    const reset = await t.app.inject({ method: 'GET', url: '/api/users/forgot-password?emailAddress=inbox-of-manager%40attacker.example' });
    expect(reset.statusCode).toBe(200);
    // No account answers to that address: no password link was made for the administrator.
    expect(await t.app.db('verification_keys').where({ UserId: ids.get('admin2') })).toEqual([]);
  });
});
