import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser } from './account-fixtures.ts';
import { accessMessages } from '../../server/modules/users/user-access.ts';

let serial = 0;
function person(extra: object = {}) {
  const name = `limited${++serial}`;
  return { FirstName: 'Lim', LastName: `Ited${serial}`, EmailAddress: `${name}@example.org`, ConfirmEmailAddress: `${name}@example.org`, UserName: name, ...extra };
}

describe.each(databases)("a role's User Count Limit on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  const limitedRole = async (name: string, UserCountLimit: number) => {
    const id = await addRole(t.app, name);
    await t.app.db('roles').where({ RoleId: id }).update({ UserCountLimit });
    return id;
  };
  const holders = async (RoleId: number) => Number((await t.app.db('user_roles').where({ RoleId }).count({ N: '*' }).first())!.N);
  const full = (name: string, limit: number) => [{ PropertyName: 'Role', ErrorMessage: accessMessages.roleFull(name, limit), ErrorCode: 'Role' }];

  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('gives the role while it has a place, then refuses naming the role and the limit, writing nothing', async () => {
    const pair = await limitedRole('Pair', 2);
    expect((await call('POST', '/api/users', person({ Role: [pair] }))).statusCode).toBe(201);
    expect((await call('POST', '/api/users', person({ Role: [pair] }))).statusCode).toBe(201);
    const before = await t.app.db('users').count({ N: '*' }).first();
    const third = await call('POST', '/api/users', person({ Role: [pair] }));
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual(full('Pair', 2));
    expect(accessMessages.roleFull('Pair', 2)).toBe('The role Pair is limited to 2 users and has no place left.');
    expect(await t.app.db('users').count({ N: '*' }).first()).toEqual(before);
    expect(await holders(pair)).toBe(2);

    // An update that gives the role is refused too; one that keeps it (the user is one of its two) is not.
    const other = (await call('POST', '/api/users', person())).json();
    const { UserId, ...body } = other;
    expect((await call('POST', `/api/users/${UserId}`, { ...body, IsActive: true, Role: [pair] })).json()).toEqual(full('Pair', 2));
    const holder = (await t.app.db('user_roles').where({ RoleId: pair }).first('UserId')).UserId;
    const current = (await call('GET', `/api/users/${holder}`)).json();
    const kept = await call('POST', `/api/users/${holder}`, { ...current, FirstName: 'Kept', IsActive: true });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('counts only active users: a deactivated holder frees a place, and taking it back on reactivation needs one', async () => {
    const solo = await limitedRole('Solo', 1);
    const first = (await call('POST', '/api/users', person({ Role: [solo] }))).json();
    expect((await call('POST', `/api/users/${first.UserId}/deactivate`)).statusCode).toBe(200);
    const second = await call('POST', '/api/users', person({ Role: [solo] }));
    expect(second.statusCode, second.body).toBe(201);
    const { UserId, ...body } = (await call('GET', `/api/users/${first.UserId}`)).json();
    const back = await call('POST', `/api/users/${UserId}`, { ...body, IsActive: true });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual(full('Solo', 1));
    expect((await t.app.db('users').where({ UserId }).first('IsActive')).IsActive).toBe(false);
  });

  it('a limit of 0 is no limit', async () => {
    const open = await limitedRole('Open', 0);
    for (let i = 0; i < 3; i++) expect((await call('POST', '/api/users', person({ Role: [open] }))).statusCode).toBe(201);
  });

  it('holds under concurrent saves: of many creates racing for the last places, exactly the places are taken', async () => {
    const trio = await limitedRole('Trio', 3);
    await addUser(t.app, { UserName: 'trio-first', RoleIds: [trio] });
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('POST', '/api/users', person({ Role: [trio] }))));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 400)).toHaveLength(6);
    expect(await holders(trio)).toBe(3);
  });
});
