import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { javaScriptPerRoute, type RouteBytes } from './route-bytes.ts';
import { signInLatency } from './sign-in.ts';
import { ms } from './stats.ts';
import { writeResults } from './results.ts';

const adminPassword = 'Bench12345';
const signInClients = 10;
const signInsPerClient = Number(process.env.BENCH_REPEAT ?? 10);

/** Starts the real server and resolves with the milliseconds until GET /login first answers 200. */
async function timeToFirstLogin(dataDir: string, port: number): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // The ten clients sign in as the one administrator: their attempts, recorded before counted, would pass the
    // per-account limit of failures (5) together; the limit's statements still run on every sign-in.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'warn', SIGN_IN_FAILURES_PER_ACCOUNT: '1000', SIGN_IN_FAILURES_PER_ADDRESS: '1000' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/login`);
      if (res.status === 200) return { ms: performance.now() - started, child };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KiB`;

/**
 * On PGlite, as deployed by default: cold start (empty DATA_DIR: database created and migrated, admin made) and warm
 * start (the same DATA_DIR again), each to the first 200 on /login; then on the warm server, sign-in latency at 10
 * clients (the password hash included) and the JavaScript each route costs on the wire. Figures also go to
 * test/bench/results/startup.json.
 */
export async function startupBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'metadmin-bench-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const cold = await timeToFirstLogin(dataDir, port);
    await stop(cold.child);
    const warm = await timeToFirstLogin(dataDir, port);
    let signIn, routes: RouteBytes[];
    try {
      signIn = await signInLatency(baseUrl, 'admin', adminPassword, signInClients, signInsPerClient);
      routes = await javaScriptPerRoute(baseUrl, 'admin', adminPassword, [
        { route: '/home', shown: (page) => page.getByText('Choose where to start.') },
        { route: '/user', shown: (page) => page.getByRole('button', { name: /^Last Name/ }) },
        { route: '/user/create', shown: (page) => page.getByLabel(/^First Name/) },
      ]);
    } finally {
      await stop(warm.child);
    }
    console.log(`startup: cold start to first 200 on /login   ${ms(cold.ms)}`);
    console.log(`startup: warm start to first 200 on /login   ${ms(warm.ms)}`);
    console.log(`startup: sign-in at ${signInClients} clients (${signIn.n} sign-ins, password hash included)  p50 ${ms(signIn.p50)}  p99 ${ms(signIn.p99)}`);
    console.log('startup: JavaScript of a first visit to each route (cache off; /login before sign-in, the others signed in)');
    for (const r of routes) console.log(`startup:   ${r.route.padEnd(14)} ${String(r.files).padStart(3)} files  ${kib(r.wire)} on the wire  ${kib(r.uncompressed)} uncompressed`);
    const file = writeResults('startup', { coldStartMs: cold.ms, warmStartMs: warm.ms, signIn: { clients: signInClients, ...signIn }, javaScriptPerRoute: routes });
    console.log(`startup: wrote ${file}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
