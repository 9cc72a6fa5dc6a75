import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PostgresCluster } from './postgres-cluster.ts';
import { ServerProcess, freePort, loadAdminPassword } from './server-process.ts';
import { Recorder, requestTimeoutMs, type Outcome } from './client.ts';
import { Ledger, simulateUser, type Target } from './workload.ts';
import { seedUsers, writesProblems } from './database.ts';
import { sessionTerminationMs, signIn } from './sessions.ts';

/**
 * `npm run test:load`: two server processes on a PostgreSQL of the test's own, under 50 simulated users (LOAD_USERS)
 * for 60 seconds (LOAD_SECONDS), then the same load while PostgreSQL is stopped for 5 seconds and started again,
 * then a file uploaded through one process and downloaded through the other. Prints each check and
 * "N passed, M failed"; exits non-zero when any failed.
 */
const users = Number(process.env.LOAD_USERS ?? 50);
const loadSeconds = Number(process.env.LOAD_SECONDS ?? 60);
const outageSeconds = 5;
/** How soon both processes must answer again once PostgreSQL is back. */
const recoverWithinMs = 5000;
const password = 'LoadUser123';
const runId = randomBytes(3).toString('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const results: Array<{ name: string; ok: boolean; detail: string }> = [];
function check(name: string, ok: boolean, detail: string): void {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `: ${detail}` : ''}`);
}

function summary(outcomes: Outcome[]): string {
  const byCall = new Map<string, number>();
  for (const o of outcomes) byCall.set(o.call, (byCall.get(o.call) ?? 0) + 1);
  return [...byCall].map(([call, n]) => `${call} ${n}`).join(', ');
}

function listed(outcomes: Outcome[]): string {
  const shown = outcomes.slice(0, 10).map((o) => `\n      [${o.server}] ${o.detail}`).join('');
  return `${outcomes.length} unexpected${shown}${outcomes.length > 10 ? '\n      ...' : ''}`;
}

const latency = (outcomes: Outcome[], q: number) => {
  const sorted = outcomes.map((o) => o.end - o.start).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
};

let phases = 0;

async function underLoad(servers: Target[], ledger: Ledger, recorder: Recorder, during: (stop: () => void) => Promise<void>): Promise<void> {
  let running = true;
  const phase = ++phases;
  const names = Array.from({ length: users }, (_, i) => `load${i + 1}`);
  const people = names.map((name) => simulateUser(name, password, servers, recorder, ledger, runId, phase, () => running));
  try {
    await during(() => { running = false; });
  } finally {
    running = false;
    await Promise.all(people);
  }
}

/** Phase 1: the steady load; sessions ended through A are refused by B within a second, three times along the way. */
async function steadyLoad(a: ServerProcess, b: ServerProcess, ledger: Ledger): Promise<void> {
  const recorder = new Recorder();
  const terminations: number[] = [];
  const started = Date.now();
  await underLoad([a, b], ledger, recorder, async (stop) => {
    for (let i = 1; i <= 3; i++) {
      await pause(Math.max(0, started + (loadSeconds * 1000 * i) / 4 - Date.now()));
      terminations.push(await sessionTerminationMs(a, b, password).catch((error: Error) => {
        console.log(`      session check failed: ${error.message}`);
        return -1;
      }));
    }
    await pause(Math.max(0, started + loadSeconds * 1000 - Date.now()));
    stop();
  });
  const all = recorder.outcomes;
  const seconds = (Date.now() - started) / 1000;
  console.log(`      ${all.length} requests in ${seconds.toFixed(0)} s (${(all.length / seconds).toFixed(0)}/s), p50 ${latency(all, 0.5)} ms, p99 ${latency(all, 0.99)} ms, max ${latency(all, 1)} ms`);
  console.log(`      ${summary(all)}`);
  const unexpected = recorder.unexpected();
  check(`${users} users for ${loadSeconds} s on two processes: no error`, unexpected.length === 0 && all.length > 0, listed(unexpected));
  check('a session ended through A is refused by B within 1 s', terminations.every((ms) => ms >= 0 && ms <= 1000), `${terminations.map((ms) => `${ms} ms`).join(', ')} (-1: never refused)`);
}

/** Phase 2: the same load while PostgreSQL is stopped for 5 seconds and started again. */
async function outageLoad(cluster: PostgresCluster, a: ServerProcess, b: ServerProcess, ledger: Ledger): Promise<void> {
  const recorder = new Recorder();
  const admin = await signIn(a, 'admin', loadAdminPassword);
  let stoppedAt = 0;
  let backAt = 0;
  const recovery: number[] = [];
  await underLoad([a, b], ledger, recorder, async (stop) => {
    await pause(5000);
    stoppedAt = Date.now();
    await cluster.stop('immediate');
    await pause(outageSeconds * 1000);
    await cluster.start();
    backAt = Date.now();
    recovery.push(...await Promise.all([a, b].map(async (server) => {
      for (;;) {
        const res = await fetch(`${server.base}/api/Authenticate/Current`, { headers: admin, signal: AbortSignal.timeout(requestTimeoutMs) }).catch(() => null);
        if (res?.status === 200) return Date.now() - backAt;
        if (Date.now() - backAt > 60_000) return -1;
        await pause(100);
      }
    })));
    await pause(8000);
    stop();
  });
  const window = { from: stoppedAt, to: backAt + recoverWithinMs };
  const duringOutage = recorder.outcomes.filter((o) => o.end >= window.from && o.start <= window.to);
  const refused = duringOutage.filter((o) => o.cleanUnavailable);
  const unexpected = recorder.unexpected(window);
  console.log(`      PostgreSQL down ${((backAt - stoppedAt) / 1000).toFixed(1)} s (stop, ${outageSeconds} s, start); ${recorder.outcomes.length} requests, ${refused.length} answered 503 in the error shape, the slowest of those in ${latency(refused, 1)} ms`);
  check('requests while PostgreSQL is down fail cleanly: 503 in the error shape, none past the timeout', refused.length > 0 && unexpected.length === 0,
    refused.length ? listed(unexpected) : 'no request met the outage');
  check(`both processes answer again within ${recoverWithinMs / 1000} s of PostgreSQL being back`, recovery.every((ms) => ms >= 0 && ms <= recoverWithinMs), recovery.map((ms, i) => `${['A', 'B'][i]} ${ms} ms`).join(', '));
}

/** Phase 3: a file uploaded through A is downloaded through B; neither process keeps it on its disk. */
async function filesAcrossProcesses(a: ServerProcess, b: ServerProcess): Promise<void> {
  const headers = await signIn(a, 'admin', loadAdminPassword);
  const bytes = Buffer.alloc(700 * 1024);
  for (let i = 0; i < bytes.length; i++) bytes[i] = 97 + (i % 26);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'across.txt');
  const uploaded = await fetch(`${a.base}/api/files/upload?module=ApplicationSettings`, { method: 'POST', body: form, headers });
  const record = uploaded.status === 201 ? await uploaded.json() as { FileName: string } : null;
  const downloaded = record ? await fetch(`${b.base}/api/files/download?fileName=${record.FileName}`, { headers }) : null;
  const body = downloaded?.status === 200 ? Buffer.from(await downloaded.arrayBuffer()) : null;
  const onDisk = [a, b].flatMap((s) => {
    try {
      return readdirSync(path.join(s.dataDir, 'files')).filter((n) => n === record?.FileName);
    } catch {
      return [];
    }
  });
  check('a file uploaded through A is downloaded whole through B, with no shared disk',
    Boolean(body?.equals(bytes)) && onDisk.length === 0,
    `upload ${uploaded.status}, download ${downloaded?.status ?? '-'}, ${body?.length ?? 0} of ${bytes.length} bytes, on a server's disk: ${onDisk.length}`);
}

const cluster = new PostgresCluster(await freePort());
const a = new ServerProcess('A');
const b = new ServerProcess('B');

async function cleanUp(): Promise<void> {
  await Promise.all([a.stop(), b.stop()]);
  await cluster.destroy();
  a.remove();
  b.remove();
}

async function main(): Promise<number> {
  const ledger = new Ledger();
  try {
    await cluster.init();
    await cluster.start();
    // One after the other: the first migrates the empty database and creates the administrator.
    await a.start(cluster.url);
    await b.start(cluster.url);
    await seedUsers(cluster.url, [...Array.from({ length: users }, (_, i) => `load${i + 1}`), 'victim'], password);
    console.log(`PostgreSQL on port ${cluster.port}; servers A ${a.base} and B ${b.base}; ${users} users\n`);

    await steadyLoad(a, b, ledger);
    await outageLoad(cluster, a, b, ledger);
    check('both server processes stayed up', a.running && b.running, '');
    await filesAcrossProcesses(a, b);
    const { problems, rows } = await writesProblems(cluster.url, ledger, runId);
    check('every acknowledged write is in the database, none twice', problems.length === 0,
      `${ledger.created.size} creates and ${ledger.acknowledgedUpdates} updates acknowledged, ${rows} rows checked${problems.length ? `\n      ${problems.slice(0, 10).join('\n      ')}` : ''}`);
  } catch (error) {
    check('the load test ran to its end', false, (error as Error).stack ?? String(error));
  } finally {
    if (results.some((r) => !r.ok)) {
      for (const s of [a, b]) {
        const log = (() => { try { return readFileSync(s.log, 'utf8'); } catch { return ''; } })();
        console.log(`\n--- server ${s.name} log (last lines)\n${log.split('\n').slice(-30).join('\n')}`);
      }
    }
    await cleanUp();
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

/** The whole run is bounded: past this, it fails and ends (CI must not wait on a hung run). */
const runLimitMinutes = Number(process.env.LOAD_RUN_LIMIT_MINUTES ?? 15);
const watchdog = setTimeout(() => {
  console.log(`FAIL  the load test finished within ${runLimitMinutes} minutes\n\n${results.filter((r) => r.ok).length} passed, ${results.filter((r) => !r.ok).length + 1} failed`);
  void Promise.race([cleanUp(), new Promise((resolve) => setTimeout(resolve, 20_000))]).finally(() => process.exit(1));
}, runLimitMinutes * 60_000);
const code = await main();
clearTimeout(watchdog);
process.exit(code);
