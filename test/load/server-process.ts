import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const loadJwtSecret = 'load-secret-load-secret-load-secret';
export const loadAdminPassword = 'LoadAdmin123';

/** A port free on loopback now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** One real server process (server/main.ts) on the shared PostgreSQL, with a DATA_DIR of its own: no shared disk. */
export class ServerProcess {
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'metadmin-load-server-'));
  readonly log = path.join(this.dataDir, 'server.log');
  base = '';
  private child: ChildProcess | null = null;

  constructor(readonly name: string) {}

  async start(databaseUrl: string): Promise<void> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    const out = createWriteStream(this.log);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: this.dataDir,
        JWT_SECRET: loadJwtSecret, ADMIN_PASSWORD: loadAdminPassword, UI_DIR: '/nonexistent', LOG_LEVEL: 'warn',
        // Every simulated user comes from 127.0.0.1, as an office behind one address would; sign-ins still in flight
        // count against the per-address limit until they succeed, so 50 people signing in at once would meet it.
        SIGN_IN_FAILURES_PER_ADDRESS: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
    this.child = child;
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server ${this.name} exited while starting (log: ${this.log})`);
      if (Date.now() - started > 120_000) throw new Error(`server ${this.name} did not answer within 2 minutes (log: ${this.log})`);
      if (await fetch(`${this.base}/docs/json`).then((r) => r.ok, () => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  remove(): void {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
