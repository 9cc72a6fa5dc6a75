import os from 'node:os';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { ensureUsers } from './grid-data.ts';
import { hashPassword } from '../../server/lib/password.ts';
import { concurrently, latency, ms, type Latency } from './stats.ts';
import { httpGetter } from './http-get.ts';
import { cpuPerCall, type CpuPerCall } from './cpu.ts';
import { writeResults } from './results.ts';
import { benchPassword, buildBenchApp, ensureDatabase, startFloorServer, startServerProcess, type BenchServer } from './bench-servers.ts';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** Concurrent clients, each calling again as soon as its answer came (no pause): BENCH_CLIENTS changes it. */
export const clients = Number(process.env.BENCH_CLIENTS ?? 10);
const perClient = Number(process.env.BENCH_REPEAT ?? 30);
/** API and floor are measured in turn this many times per scenario; each figure is the round of median CPU. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const password = benchPassword;
const benchDatabase = 'metadmin_bench';

export interface Captured { sql: string; bindings: unknown[]; name?: string }

/** Every statement the API ran for one call, in order, with pg's $n placeholders. */
export function captureSql(db: Knex): { take(): Captured[] } {
  let captured: Captured[] = [];
  db.on('query', (q: { sql: string; bindings?: unknown[]; options?: { name?: string } }) => {
    let i = 0;
    captured.push({ sql: q.sql.replace(/\?/g, () => `$${++i}`), bindings: q.bindings ?? [], name: q.options?.name });
  });
  return { take: () => { const c = captured; captured = []; return c; } };
}

/** The list's own statements (its page with its rows' locks, its count): the session check left out. */
const isListStatement = (st: Captured) => /from "users"|from \(select 1 from "users"/.test(st.sql) && !st.name?.startsWith('session-check');

export interface Measured { latency: Latency; cpu: CpuPerCall }

/** `calls` from each of the clients at once, timed, with the CPU each party spent per call (PostgreSQL's: that of `database`'s backends). */
export async function measure(serverPid: number | undefined, call: () => Promise<unknown>, database?: string): Promise<Measured> {
  let samples: number[] = [];
  const cpu = await cpuPerCall(clients * perClient, serverPid, async () => { samples = await concurrently(clients, perClient, call); }, database);
  return { latency: latency(samples), cpu };
}

/** Signs in over HTTP and returns a GET for the API that follows refreshed tokens, as the browser does. */
export async function signedInGetter(base: string, UserName = 'admin', Password = password): Promise<{ api: (path: string) => Promise<unknown>; close(): void }> {
  const signIn = await fetch(`${base}/api/Authenticate/SignIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName, Password }) });
  const session = (await signIn.json()) as { Session: { SessionId: string } };
  const headers = { authorization: `Bearer ${signIn.headers.get('x-auth-token')}`, 'session-id': session.Session.SessionId };
  const get = httpGetter(base, headers, clients);
  const api = async (path: string) => {
    const res = await get(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body}`);
    const refreshed = res.headers['x-auth-token'];
    if (typeof refreshed === 'string') headers.authorization = `Bearer ${refreshed}`;
    return JSON.parse(res.body);
  };
  return { api, close: get.close };
}

/**
 * Each scenario of the issue (10 concurrent clients) through the API, through the floor server (the same statements
 * behind the least HTTP server possible), and as SQL run directly through pg: the list's own statements, and all of
 * the call's (the session check included).
 */
export async function gridBench(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await ensureDatabase(serverUrl, benchDatabase);
  // In-process only to capture the SQL each call runs; the load goes to separate server processes.
  const app = await buildBenchApp(databaseUrl);
  const plain = knexFactory({ client: 'pg', connection: databaseUrl });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  const servers: BenchServer[] = [];
  const closers: Array<() => void> = [];
  try {
    await ensureUsers(plain, rows, console.log);
    const server = await startServerProcess(databaseUrl);
    servers.push(server);
    const signedIn = await signedInGetter(server.base);
    closers.push(signedIn.close);
    const api = signedIn.api as (path: string) => Promise<{ TotalCount: number; TotalCountIsEstimate: boolean; Cursors: { Last: string } }>;
    // A second administrator for the in-process app: a new sign-in of the same user would end the load's session.
    if (!(await plain('users').where('user_name', 'bench-capture').first())) {
      await plain('users').insert({ user_name: 'bench-capture', first_name: 'Bench', last_name: 'Capture', email_address: 'capture@example.org', is_master: true, must_change_password: false, password_hash: await hashPassword(password) });
    }
    const inProcess = await app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'bench-capture', Password: password } });
    const inProcessHeaders = { authorization: `Bearer ${inProcess.headers['x-auth-token']}`, 'session-id': inProcess.json().Session.SessionId };
    const capture = captureSql(app.db);
    const sqlOf = async (query: string) => {
      capture.take();
      await app.inject({ url: `/api/users?${query}`, headers: inProcessHeaders });
      return capture.take();
    };
    const runDirect = async (statements: Captured[]) => {
      // A statement the API names (its plan kept per connection) is named here too.
      for (const st of statements) await pool.query({ text: st.sql, values: st.bindings, name: st.name });
    };

    const [{ UserName: someone }] = await plain('users').where('user_id', 424242).select('user_name as UserName');
    const first = await api('/api/users?pageSize=50');
    const scenarios: Array<[string, string]> = [
      ['first page', 'pageSize=50'],
      ['next page', `pageSize=50&page=2&after=${first.Cursors.Last}`],
      ['last page', `pageSize=50&page=${Math.ceil(first.TotalCount / 50)}&last=true`],
      ['sort change (First Name desc)', 'pageSize=50&sorts=FirstName,desc'],
      [`selective search (${someone})`, `pageSize=50&q=${someone}`],
      ['broad search (kofi)', 'pageSize=50&q=kofi'],
    ];
    const statementsOf: Record<string, Captured[]> = {};
    for (const [name, query] of scenarios) statementsOf[name] = await sqlOf(query);
    const floors = { bare: await startFloorServer(databaseUrl, statementsOf), stack: await startFloorServer(databaseUrl, statementsOf, 'stack') };
    servers.push(floors.bare, floors.stack);
    const floorCall = (floorServer: BenchServer) => {
      const get = httpGetter(floorServer.base, {}, clients);
      closers.push(get.close);
      // Parsed as the API's answers are, so that the client's share of the CPU compares like with like.
      return async (scenario: string) => JSON.parse((await get(`/?scenario=${encodeURIComponent(scenario)}`)).body) as unknown;
    };
    const parties: Array<{ pid: number | undefined; call: (scenario: string, query: string) => Promise<unknown> }> = [
      { pid: server.child.pid, call: (_, query) => api(`/api/users?${query}`) },
      { pid: floors.bare.child.pid, call: floorCall(floors.bare) },
      { pid: floors.stack.child.pid, call: floorCall(floors.stack) },
    ];
    // Every scenario once through every server (200 calls each: enough for V8 to optimise the paths) before any is
    // measured, so that no scenario pays for a cold process or cold caches.
    for (const [name, query] of scenarios) for (const party of parties) await concurrently(clients, 20, () => party.call(name, query));

    console.log(`grid: ${rows.toLocaleString('en-US')} users on PostgreSQL, ${clients} concurrent clients, ${clients * perClient} calls per scenario, ${os.availableParallelism()} cores`);
    console.log('grid: floor = the same statements behind the least HTTP server possible (pg, node:http); stack floor = the same through knex behind Fastify; SQL = the list\'s own statements through pg; all SQL = all of the call\'s (session check included)');
    console.log(`grid: ${'scenario'.padEnd(44)} ${['API', 'floor', 'stack floor', 'SQL', 'all SQL'].map((h) => `${h} p50/p99`.padStart(22)).join('')}  total`);
    const cpuRows: CpuRow[] = [];
    const p99: Record<string, number> = {};
    for (const [name, query] of scenarios) {
      const answer = await api(`/api/users?${query}`);
      // In turn, so that a slower stretch of the machine (a neighbour on the host, the CPU's clock) falls on each.
      const measured: Measured[][] = parties.map(() => []);
      for (let round = 0; round < rounds; round++) {
        for (const [i, party] of parties.entries()) measured[i].push(await measure(party.pid, () => party.call(name, query), benchDatabase));
      }
      const [viaApi, viaFloor, viaStack] = measured.map(medianRound);
      const direct = await measure(undefined, () => runDirect(statementsOf[name].filter(isListStatement)), benchDatabase);
      const allDirect = await measure(undefined, () => runDirect(statementsOf[name]), benchDatabase);
      p99[name] = viaApi.latency.p99;
      cpuRows.push({ name, api: viaApi, floor: viaFloor, stackFloor: viaStack, sql: direct });
      const pair = (l: Latency) => `${ms(l.p50)}/${ms(l.p99).trim()}`.padStart(22);
      const total = `${answer.TotalCountIsEstimate ? 'about ' : ''}${answer.TotalCount.toLocaleString('en-US')}`;
      console.log(`grid: ${name.padEnd(44)} ${[viaApi, viaFloor, viaStack, direct, allDirect].map((m) => pair(m.latency)).join('')}  ${total}`);
    }
    console.log(`grid: last page / first page (p99): ${(p99['last page'] / p99['first page']).toFixed(2)}x`);
    printCpu(cpuRows);
    const file = writeResults('grid', { rows, clients, callsPerScenario: clients * perClient, rounds, scenarios: cpuRows });
    console.log(`grid: wrote ${file}`);
    await naiveReference(pool);
  } finally {
    for (const close of closers) close();
    for (const s of servers) s.child.kill('SIGTERM');
    await pool.end();
    await plain.destroy();
    await app.close();
  }
}

/** The round whose CPU per call (all parties) is the median of the rounds. */
function medianRound(measured: Measured[]): Measured {
  return [...measured].sort((a, b) => a.cpu.total - b.cpu.total)[Math.floor(measured.length / 2)];
}

interface CpuRow { name: string; api: Measured; floor: Measured; stackFloor: Measured; sql: Measured }

/**
 * With every core busy, a call's latency follows the CPU it costs all parties together: this is where the ratios
 * come from. API and floors = server process + PostgreSQL + HTTP client; SQL = PostgreSQL + pg client.
 */
function printCpu(rows: CpuRow[]): void {
  const f = (c: CpuPerCall) => `${c.server.toFixed(2)} + ${c.postgres.toFixed(2)} + ${c.client.toFixed(2)} = ${c.total.toFixed(2)}`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  console.log('grid: CPU per call, ms: server + PostgreSQL + client = all');
  for (const { name, api, floor, stackFloor, sql } of rows) {
    console.log(`grid:   ${name.padEnd(44)} API ${f(api.cpu)}   floor ${f(floor.cpu)}   stack floor ${f(stackFloor.cpu)}   SQL ${f(sql.cpu)}`);
    console.log(`grid:   ${''.padEnd(44)} API/floor: server ${ratio(api.cpu.server, floor.cpu.server)}, all ${ratio(api.cpu.total, floor.cpu.total)};  API/stack floor: server ${ratio(api.cpu.server, stackFloor.cpu.server)}, all ${ratio(api.cpu.total, stackFloor.cpu.total)};  stack floor/floor: all ${ratio(stackFloor.cpu.total, floor.cpu.total)}`);
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
