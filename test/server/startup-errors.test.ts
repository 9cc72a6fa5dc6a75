import { execFile, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs the real server entry point and returns what it printed when it stopped. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH!, ADMIN_PASSWORD: 'Start1234', UI_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...env },
      timeout: 150_000,
    }, (error, _stdout, stderr) => resolve({ code: error ? (error as { code?: number }).code ?? 1 : 0, stderr }));
  });
}

function expectOneLine(result: { code: number | null; stderr: string }, pattern: RegExp) {
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

// Each test starts the real server in a new process (a new PGlite: initdb and every migration): tens of seconds on a
// loaded CI machine running other test files beside it.
const processTimeout = { timeout: 180_000 };

describe('bad configuration stops start-up with one clear line', processTimeout, () => {
  it('a DATABASE_URL nothing answers', async () => {
    expectOneLine(await start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing' }),
      /^cannot start: cannot connect to the database at postgres:\/\/127\.0\.0\.1:1\/nothing: .*ECONNREFUSED/);
  });

  it('a DATA_DIR that cannot be written', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'metadmin-')), 'a-file');
    await writeFile(file, '');
    expectOneLine(await start({ DATA_DIR: path.join(file, 'data') }), /^cannot start: DATA_DIR .*a-file\/data is not writable \(ENOTDIR\)$/);
  });

  it('a port in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'metadmin-'));
      expectOneLine(await start({ DATA_DIR: dataDir, PORT: String(port) }), new RegExp(`^cannot start: port ${port} on 127.0.0.1 is already in use; set PORT to a free port$`));
    } finally {
      blocker.close();
    }
  });

  it('a PORT that is not a number', async () => {
    expectOneLine(await start({ PORT: 'eighty' }), /^cannot start: PORT must be a number from 0 to 65535, not "eighty"$/);
  });
});

describe('graceful shutdown', processTimeout, () => {
  it('stops serving and exits 0 on SIGTERM, closing the database', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'metadmin-'));
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    blocker.close();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH!, ADMIN_PASSWORD: 'Start1234', UI_DIR: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: String(port) },
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    await expect.poll(() => stdout, { timeout: 150_000 }).toContain('Ready on');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/login`)).rejects.toThrow();
  });
});
