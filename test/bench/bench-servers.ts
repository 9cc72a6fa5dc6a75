import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';

export interface BenchServer { base: string; child: ChildProcess }

/** The password of the benchmarks' administrators, and the secret their server processes and the in-process app share. */
export const benchPassword = 'Bench12345';
const benchJwtSecret = 'bench-secret-bench-secret-bench';

/** The app in this process, on the bench database: migrates it, and runs calls whose SQL a benchmark captures. */
export function buildBenchApp(databaseUrl: string): Promise<FastifyInstance> {
  return buildApp({ ...configFromEnv({}), databaseUrl, adminPassword: benchPassword, jwtSecret: benchJwtSecret, uiDir: '/nonexistent' });
}

export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function answering(child: ChildProcess, url: string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process serving ${url} exited`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function spawnServer(script: string, args: string[], env: Record<string, string>): BenchServer {
  const port = 3800 + Math.floor(Math.random() * 190);
  // BENCH_NODE_ARGS: flags for the server's node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to see where its time goes.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env, PORT: String(port) },
    // The server logs only errors (LOG_LEVEL error): a request that fails during a run is seen, not just counted.
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

/** The real server in its own process, as deployed, so the load generator does not share its event loop. */
export async function startServerProcess(databaseUrl: string): Promise<BenchServer> {
  const server = spawnServer('server/main.ts', [], { DATABASE_URL: databaseUrl, JWT_SECRET: benchJwtSecret, LOG_LEVEL: 'error', UI_DIR: '/nonexistent' });
  await answering(server.child, `${server.base}/docs/json`);
  return server;
}

/**
 * A floor server in its own process, serving the given statements per scenario: the bare one (floor-server.ts, pg
 * behind node:http) or the chosen stack's (stack-floor-server.ts, knex behind Fastify).
 */
export async function startFloorServer(databaseUrl: string, statements: Record<string, unknown[]>, kind: 'bare' | 'stack' = 'bare'): Promise<BenchServer> {
  const script = kind === 'bare' ? 'test/bench/floor-server.ts' : 'test/bench/stack-floor-server.ts';
  const server = spawnServer(script, [JSON.stringify(statements)], { DATABASE_URL: databaseUrl });
  await answering(server.child, `${server.base}/`);
  return server;
}
