import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// Two starts on a new PGlite in DATA_DIR (initdb and every migration, twice): slow on a loaded CI machine.
describe('first start', { timeout: 180_000 }, () => {
  it('creates admin with a random password, printed once, that must be changed; the JWT secret is kept in DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'metadmin-'));
    const config = { ...configFromEnv({ DATA_DIR: dataDir }), uiDir: '/nonexistent' };
    const told: Array<string | undefined> = [];
    const app = await buildApp(config, { onMasterAdmin: (r) => told.push(r.generatedPassword) });
    expect(told).toHaveLength(1);
    const password = told[0]!;
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{16}$/);
    const signIn = await app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'admin', Password: password } });
    expect(signIn.json()).toMatchObject({ MustChangePassword: true, User: { IsMaster: true } });
    const admin = await app.db('users').where({ UserName: 'admin' }).first('PasswordHash');
    expect(admin.PasswordHash).not.toContain(password);
    await app.close();
    const secretFile = path.join(dataDir, 'jwt-secret');
    const secret = await readFile(secretFile, 'utf8');
    expect(((await stat(secretFile)).mode & 0o777).toString(8)).toBe('600');

    // A second start on the same DATA_DIR keeps the admin and the secret.
    const again = await buildApp(config, { onMasterAdmin: (r) => told.push(r.generatedPassword) });
    expect(told).toHaveLength(1);
    expect((await again.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'admin', Password: password } })).statusCode).toBe(200);
    await again.close();
    expect(await readFile(secretFile, 'utf8')).toBe(secret);
  });
});
