import { describe, expect, it, vi } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { addUser, signInBody } from './account-fixtures.ts';
import { hashPassword, needsRehash, productionScryptParams, scryptParams, verifyPassword } from '../../server/lib/password.ts';

// Production's cost (N=2^17) is hashed here once or twice: about a second each on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

/** Weaker parameters than those in force (the suites hash at a lower N than production's: see password.ts). */
const before = { ...scryptParams, N: scryptParams.N / 4 };

describe('password hashes', () => {
  it("are made at OWASP's minimum for scrypt (N=2^17, r=8, p=1), and carry their parameters", async () => {
    expect(productionScryptParams).toMatchObject({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('Sample1234', productionScryptParams);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w+/]{22}==\$[\w+/]{43}=$/);
    expect(await verifyPassword('Sample1234', hash)).toBe(true);
    expect(await verifyPassword('Sample1235', hash)).toBe(false);
    expect(needsRehash(await hashPassword('Sample1234'))).toBe(false);
    expect(needsRehash(await hashPassword('Sample1234', before))).toBe(true);
  });
});

describe.each(databases)('a sign-in upgrades a hash made with weaker parameters, on %s', (kind) => {
  const t = useTestApp(kind);

  it('rehashes with the current parameters once the password is proven, and not on a wrong one', async () => {
    const userId = await addUser(t.app, { UserName: 'oldhash' });
    const old = await hashPassword('OldHash123', before);
    expect(old).toMatch(new RegExp(`^scrypt\\$${before.N}\\$8\\$1\\$`));
    await t.app.db('users').where({ UserId: userId }).update({ PasswordHash: old });
    const stored = async () => (await t.app.db('users').where({ UserId: userId }).first('PasswordHash')).PasswordHash as string;

    expect((await t.app.inject(signInBody('oldhash', 'Wrong12345'))).statusCode).toBe(400);
    expect(await stored()).toBe(old);

    const res = await t.app.inject(signInBody('oldhash', 'OldHash123'));
    expect(res.statusCode, res.body).toBe(200);
    const upgraded = await stored();
    expect(upgraded).toMatch(new RegExp(`^scrypt\\$${scryptParams.N}\\$8\\$1\\$`));
    expect(await verifyPassword('OldHash123', upgraded)).toBe(true);

    // Once upgraded, it is kept: the next sign-in does not hash again.
    expect((await t.app.inject(signInBody('oldhash', 'OldHash123'))).statusCode).toBe(200);
    expect(await stored()).toBe(upgraded);
  });
});
