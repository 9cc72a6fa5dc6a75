import { describe, expect, it, vi } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { addUser, signInBody } from './account-fixtures.ts';

// Each sign-in and each password set runs scrypt at N=2^17 (about a second each on a busy 2-core machine).
vi.setConfig({ testTimeout: 120_000 });

/**
 * Anyone can type a known user name (admin) with wrong passwords. Failures lock that name out only from the addresses
 * they came from; a far higher ceiling for the name from everywhere stops guessing from many addresses, and even then
 * the owner's right password from a browser that signed in before goes through.
 */
describe.each(databases)('a sign-in lockout spares the account owner, on %s', (kind) => {
  // Each failure costs a full password hash: the ceiling is small here so the test stays quick, its shape is the deployed one.
  const t = useTestApp(kind, { signInFailuresPerAccount: 5, signInFailuresPerAddress: 20, signInFailuresAccountCeiling: 6 });

  const signInFrom = (remoteAddress: string, userName: string, password: string, cookie?: string) =>
    t.app.inject({ ...signInBody(userName, password), remoteAddress, headers: cookie ? { cookie } : {} });
  /** The known-browser cookie a successful sign-in sets, as the browser sends it back. */
  const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0];

  it('five failures from five other addresses do not lock the owner out on their own address', async () => {
    await addUser(t.app, { UserName: 'owner', Password: 'Owner12345' });
    for (let a = 1; a <= 5; a++) expect((await signInFrom(`10.1.0.${a}`, 'owner', `wrong${a}`)).statusCode).toBe(400);
    const res = await signInFrom('10.1.9.9', 'owner', 'Owner12345');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('five failures from one address lock that address out of the account, right password or not, and no other', async () => {
    await addUser(t.app, { UserName: 'owner2', Password: 'Owner12345' });
    for (let i = 0; i < 5; i++) expect((await signInFrom('10.1.1.1', 'owner2', `wrong${i}`)).statusCode).toBe(400);
    expect((await signInFrom('10.1.1.1', 'owner2', 'Owner12345')).statusCode).toBe(429);
    expect((await signInFrom('10.1.1.2', 'owner2', 'Owner12345')).statusCode).toBe(200);
  });

  it('sets the known-browser mark at a successful sign-in: signed, httpOnly, same-site, for the sign-in calls only', async () => {
    await addUser(t.app, { UserName: 'marked', Password: 'Marked1234' });
    const res = await signInFrom('10.2.0.1', 'marked', 'Marked1234');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^metadmin_device=\d+\.\d+\.[\w-]{43}; Path=\/api\/Authenticate; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    expect((await signInFrom('10.2.0.1', 'marked', 'wrong-pass')).headers['set-cookie']).toBeUndefined();
  });

  it('past the ceiling a distributed guess refuses unknown browsers, but the owner\'s known browser gets in', async () => {
    const ownerId = await addUser(t.app, { UserName: 'target', Password: 'Target1234' });
    const other = await addUser(t.app, { UserName: 'bystander2', Password: 'Bystand123' });
    const known = cookieOf(await signInFrom('10.3.0.1', 'target', 'Target1234'));
    const otherAccountsBrowser = cookieOf(await signInFrom('10.3.0.1', 'bystander2', 'Bystand123'));
    expect(known).toMatch(new RegExp(`^metadmin_device=${ownerId}\\.`));
    expect(otherAccountsBrowser).toMatch(new RegExp(`^metadmin_device=${other}\\.`));
    // Six failures (the ceiling) from three addresses, two each: no address meets its own limit.
    for (let a = 1; a <= 3; a++) for (let i = 0; i < 2; i++) expect((await signInFrom(`10.3.1.${a}`, 'target', `guess${a}${i}`)).statusCode).toBe(400);
    const unknownBrowser = await signInFrom('10.3.2.1', 'target', 'Target1234');
    expect(unknownBrowser.statusCode).toBe(429);
    expect(unknownBrowser.json()[0]).toMatchObject({ ErrorCode: 'TooManyAttempts' });
    // A mark of another account, or a forged one, is no pass.
    expect((await signInFrom('10.3.2.2', 'target', 'Target1234', otherAccountsBrowser)).statusCode).toBe(429);
    const forged = known.replace(/^metadmin_device=\d+/, `metadmin_device=${ownerId + 1000}`);
    expect((await signInFrom('10.3.2.3', 'target', 'Target1234', forged)).statusCode).toBe(429);
    const tampered = known.slice(0, -2) + (known.endsWith('AA') ? 'BB' : 'AA');
    expect((await signInFrom('10.3.2.4', 'target', 'Target1234', tampered)).statusCode).toBe(429);
    // The known browser: a wrong password is still wrong, the right one gets in, from wherever it is now.
    expect((await signInFrom('10.3.3.1', 'target', 'not-it-123', known)).statusCode).toBe(400);
    const owner = await signInFrom('10.3.3.1', 'target', 'Target1234', known);
    expect(owner.statusCode, owner.body).toBe(200);
    // The owner's sign-in does not reset the ceiling for everyone else.
    expect((await signInFrom('10.3.2.5', 'target', 'Target1234')).statusCode).toBe(429);
  });
});
