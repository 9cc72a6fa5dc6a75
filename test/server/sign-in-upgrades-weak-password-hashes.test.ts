import { describe, expect, it, vi } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { addUser, signInBody } from './account-fixtures.ts';
import { hashPassword, needsRehash, scryptParams, verifyPassword } from '../../server/lib/password.ts';

// Each sign-in and each password set runs scrypt at N=2^17 (about a second each on a busy 2-core machine).
vi.setConfig({ testTimeout: 120_000 });

/** The parameters hashes were made with before OWASP's minimum was adopted. */
const before = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 };

describe('password hashes', () => {
  it("are made at OWASP's minimum for scrypt (N=2^17, r=8, p=1), and carry their parameters", async () => {
    expect(scryptParams).toMatchObject({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('Sample1234');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w+/]{22}==\$[\w+/]{43}=$/);
    expect(await verifyPassword('Sample1234', hash)).toBe(true);
    expect(await verifyPassword('Sample1235', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(await hashPassword('Sample1234', before))).toBe(true);
  });
});

describe.each(databases)('a sign-in upgrades a hash made with weaker parameters, on %s', (kind) => {
  const t = useTestApp(kind);

  it('rehashes with the current parameters once the password is proven, and not on a wrong one', async () => {
    const userId = await addUser(t.app, { UserName: 'oldhash' });
    const old = await hashPassword('OldHash123', before);
    expect(old).toMatch(/^scrypt\$32768\$8\$1\$/);
    await t.app.db('users').where({ UserId: userId }).update({ PasswordHash: old });
    const stored = async () => (await t.app.db('users').where({ UserId: userId }).first('PasswordHash')).PasswordHash as string;

    expect((await t.app.inject(signInBody('oldhash', 'Wrong12345'))).statusCode).toBe(400);
    expect(await stored()).toBe(old);

    const res = await t.app.inject(signInBody('oldhash', 'OldHash123'));
    expect(res.statusCode, res.body).toBe(200);
    const upgraded = await stored();
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('OldHash123', upgraded)).toBe(true);

    // Once upgraded, it is kept: the next sign-in does not hash again.
    expect((await t.app.inject(signInBody('oldhash', 'OldHash123'))).statusCode).toBe(200);
    expect(await stored()).toBe(upgraded);
  });
});
