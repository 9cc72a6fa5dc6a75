import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { concurrently, latency, ms, type Latency } from './stats.ts';
import { writeResults } from './results.ts';

/** Sign-ins through the API from `clients` at once, `perClient` each; every one must succeed. */
export async function signInLatency(baseUrl: string, userName: string, password: string, clients: number, perClient: number): Promise<Latency> {
  const samples = await concurrently(clients, perClient, async () => {
    const res = await fetch(`${baseUrl}/api/Authenticate/SignIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: userName, Password: password }) });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  });
  return latency(samples);
}

const adminPassword = 'Bench12345';
const clients = 10;
const perClient = Number(process.env.BENCH_REPEAT ?? 10);

/** The real server on a fresh PGlite DATA_DIR, without the UI (no build needed), once it answers. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // Ten clients sign in as one administrator from one address: their attempts, recorded before counted, would pass
    // the failure limits together; the limits' statements still run on every sign-in.
    env: {
      ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'warn', UI_DIR: '/nonexistent',
      SIGN_IN_FAILURES_PER_ACCOUNT: '1000', SIGN_IN_FAILURES_PER_ADDRESS: '1000', SIGN_IN_FAILURES_ACCOUNT_CEILING: '1000',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/App/PublicSettings`)).status === 200) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * `npm run bench sign-in` (or `npx tsx test/bench/run.ts sign-in`, no build needed): sign-in latency at 10 clients
 * against the real server, the password hash included, as the one figure to watch when the hash's cost changes.
 * Figures also go to test/bench/results/sign-in.json.
 */
export async function signInBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'metadmin-bench-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = await startServer(dataDir, port);
  try {
    const signIn = await signInLatency(`http://127.0.0.1:${port}`, 'admin', adminPassword, clients, perClient);
    console.log(`sign-in: at ${clients} clients (${signIn.n} sign-ins, password hash included)  p50 ${ms(signIn.p50)}  p99 ${ms(signIn.p99)}  max ${ms(signIn.max)}`);
    console.log(`sign-in: wrote ${writeResults('sign-in', { clients, ...signIn })}`);
  } finally {
    await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
    await rm(dataDir, { recursive: true, force: true });
  }
}
