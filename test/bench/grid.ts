import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { ensureUsers } from './grid-data.ts';
import { hashPassword } from '../../server/lib/password.ts';
import { concurrently, latency, ms } from './stats.ts';
import { httpGetter } from './http-get.ts';
import { cpuPerCall, type CpuPerCall } from './cpu.ts';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const clients = 10;
const perClient = Number(process.env.BENCH_REPEAT ?? 30);
const password = 'Bench12345';

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

interface Captured { sql: string; bindings: unknown[]; name?: string }

/** Every statement the API ran for one call, in order. */
function captureSql(db: Knex): { take(): Captured[] } {
  let captured: Captured[] = [];
  db.on('query', (q: { sql: string; bindings?: unknown[]; options?: { name?: string } }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [], name: q.options?.name }));
  return { take: () => { const c = captured; captured = []; return c; } };
}

/** The list's own statements: the session check (with module and page grants) left out. */
const isListStatement = (st: Captured) => /from "users"|from \(select 1 from "users"/.test(st.sql) && !/"sessions"/.test(st.sql);

/** The real server in its own process, as deployed, so the load generator does not share its event loop. */
export async function startServerProcess(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const port = 3800 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), JWT_SECRET: 'bench-secret-bench-secret-bench', LOG_LEVEL: 'warn', UI_DIR: '/nonexistent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server process exited');
    try {
      if ((await fetch(`${base}/docs/json`)).ok) return { base, child };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Each scenario of the issue through the API (10 concurrent clients over HTTP) beside its own SQL run directly through pg. */
export async function gridBench(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await ensureDatabase(serverUrl, 'metadmin_bench');
  // In-process only to capture the SQL each call runs; the load goes to a separate server process.
  const app = await buildApp({ ...configFromEnv({}), databaseUrl, adminPassword: password, jwtSecret: 'bench-secret-bench-secret-bench', uiDir: '/nonexistent' });
  const plain = knexFactory({ client: 'pg', connection: databaseUrl });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  let server: { base: string; child: ChildProcess } | undefined;
  try {
    await ensureUsers(plain, rows, console.log);
    server = await startServerProcess(databaseUrl);
    const base = server.base;
    const signIn = await fetch(`${base}/api/Authenticate/SignIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'admin', Password: password }) });
    const session = (await signIn.json()) as { Session: { SessionId: string } };
    const headers = { authorization: `Bearer ${signIn.headers.get('x-auth-token')}`, 'session-id': session.Session.SessionId };
    const get = httpGetter(base, headers, clients);
    const api = async (query: string) => {
      const res = await get(`/api/users?${query}`);
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${res.body}`);
      return JSON.parse(res.body) as { Items: unknown[]; TotalCount: number; TotalCountIsEstimate: boolean; Cursors: { Last: string } };
    };
    const capture = captureSql(app.db);
    // A second administrator: a new sign-in of the same user would end the load generator's session.
    if (!(await plain('users').where('user_name', 'bench-capture').first())) {
      await plain('users').insert({ user_name: 'bench-capture', first_name: 'Bench', last_name: 'Capture', email_address: 'capture@example.org', is_master: true, must_change_password: false, password_hash: await hashPassword(password) });
    }
    const inProcess = await app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'bench-capture', Password: password } });
    const inProcessHeaders = { authorization: `Bearer ${inProcess.headers['x-auth-token']}`, 'session-id': inProcess.json().Session.SessionId };
    const sqlOf = async (query: string) => {
      capture.take();
      await app.inject({ url: `/api/users?${query}`, headers: inProcessHeaders });
      return capture.take().map((st) => {
        let i = 0;
        return { ...st, sql: st.sql.replace(/\?/g, () => `$${++i}`) };
      });
    };
    const runDirect = async (statements: Captured[]) => {
      // A statement the API names (its plan kept per connection) is named here too.
      for (const st of statements) await pool.query({ text: st.sql, values: st.bindings, name: st.name });
    };
    const [{ UserName: someone }] = await plain('users').where('user_id', 424242).select('user_name as UserName');
    const first = await api('pageSize=50');
    const lastPage = Math.ceil(first.TotalCount / 50);
    const scenarios: Array<[string, string]> = [
      ['first page', 'pageSize=50'],
      ['next page', `pageSize=50&page=2&after=${first.Cursors.Last}`],
      ['last page', `pageSize=50&page=${lastPage}&last=true`],
      ['sort change (First Name desc)', 'pageSize=50&sorts=FirstName,desc'],
      [`selective search (${someone})`, `pageSize=50&q=${someone}`],
      ['broad search (kofi)', 'pageSize=50&q=kofi'],
    ];
    console.log(`grid: ${rows.toLocaleString('en-US')} users on PostgreSQL, ${clients} concurrent clients, ${clients * perClient} calls per scenario`);
    console.log('grid: SQL = the list\'s own statements run directly through pg; all SQL = every statement of the call, the session check included');
    console.log(`grid: ${'scenario'.padEnd(32)} ${'API p50'.padStart(10)} ${'API p99'.padStart(10)} ${'SQL p50'.padStart(10)} ${'SQL p99'.padStart(10)} ${'all p50'.padStart(10)} ${'all p99'.padStart(10)}  API/SQL p99  API/all p99  total`);
    const results: Record<string, number> = {};
    const cpu: Array<[string, CpuPerCall, CpuPerCall]> = [];
    for (const [name, query] of scenarios) {
      const answer = await api(query);
      const statements = await sqlOf(query);
      const listStatements = statements.filter(isListStatement);
      // An unmeasured round first (200 calls: enough for V8 to optimise the path), so no scenario pays for
      // a cold server process or cold caches.
      await concurrently(clients, 20, () => api(query));
      const calls = clients * perClient;
      let apiSamples: number[] = [];
      let directSamples: number[] = [];
      const apiCpu = await cpuPerCall(calls, server.child.pid, async () => { apiSamples = await concurrently(clients, perClient, () => api(query)); });
      const directCpu = await cpuPerCall(calls, undefined, async () => { directSamples = await concurrently(clients, perClient, () => runDirect(listStatements)); });
      const viaApi = latency(apiSamples);
      const direct = latency(directSamples);
      const allDirect = latency(await concurrently(clients, perClient, () => runDirect(statements)));
      results[name] = viaApi.p99;
      const total = `${answer.TotalCountIsEstimate ? 'about ' : ''}${answer.TotalCount.toLocaleString('en-US')}`;
      const ratio = (a: number, b: number) => `${(a / b).toFixed(2).padStart(10)}x`;
      cpu.push([name, apiCpu, directCpu]);
      console.log(`grid: ${name.padEnd(32)} ${ms(viaApi.p50)} ${ms(viaApi.p99)} ${ms(direct.p50)} ${ms(direct.p99)} ${ms(allDirect.p50)} ${ms(allDirect.p99)}  ${ratio(viaApi.p99, direct.p99)}  ${ratio(viaApi.p99, allDirect.p99)}  ${total}`);
    }
    console.log(`grid: last page / first page (p99): ${(results['last page'] / results['first page']).toFixed(2)}x`);
    printCpu(cpu);
    await naiveReference(pool);
  } finally {
    server?.child.kill('SIGTERM');
    await pool.end();
    await plain.destroy();
    await app.close();
  }
}

/**
 * With every core busy, a call's latency follows the CPU it costs all parties together, so this is where the
 * API/SQL ratio comes from: the API's server process, PostgreSQL (the session check beside the list's own SQL) and
 * the load generator's HTTP client, against PostgreSQL and the pg client for the SQL alone.
 */
function printCpu(rows: Array<[string, CpuPerCall, CpuPerCall]>): void {
  const f = (n: number) => n.toFixed(3);
  console.log(`grid: CPU per call in ms on ${os.availableParallelism()} cores (API = server + PostgreSQL + HTTP client; SQL = PostgreSQL + pg client)`);
  for (const [name, api, sql] of rows) {
    console.log(`grid:   ${name.padEnd(32)} API ${f(api.server)} + ${f(api.postgres)} + ${f(api.client)} = ${f(api.total)}   SQL ${f(sql.postgres)} + ${f(sql.client)} = ${f(sql.total)}   ${(api.total / sql.total).toFixed(2)}x`);
  }
}

/** What the naive grid would cost on the same data: the last page by OFFSET and an exact count. */
async function naiveReference(pool: pg.Pool): Promise<void> {
  const timeOnce = async (sql: string) => {
    const started = performance.now();
    await pool.query(sql);
    return performance.now() - started;
  };
  const offset = await timeOnce(`select user_id, last_name from users where is_active order by last_name, user_id offset ${rows - 100} limit 50`);
  const count = await timeOnce('select count(*) from users where is_active');
  console.log(`grid: for reference, naive last page by OFFSET ${ms(offset)}, exact count(*) ${ms(count)} (single client)`);
}
