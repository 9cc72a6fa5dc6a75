import os from 'node:os';
import knexFactory from 'knex';
import pg from 'pg';
import { hashPassword } from '../../server/lib/password.ts';
import { ensureUsers } from './grid-data.ts';
import { benchPassword, buildBenchApp, ensureDatabase, startServerProcess, type BenchServer } from './bench-servers.ts';
import { measure, signedInGetter, type Measured } from './grid.ts';
import { concurrently, ms } from './stats.ts';
import { cpuPerCall } from './cpu.ts';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const roleCount = 50;
const ownRecords = Number(process.env.BENCH_OWN_RECORDS ?? 5_000);
const password = benchPassword;
const clients = 10;
const perClient = Number(process.env.BENCH_REPEAT ?? 30);

type Plain = ReturnType<typeof knexFactory>;

/**
 * Two administrators who are not master users, so every request goes through the evaluator: both hold the user
 * module through three of 50 roles; 'bench-all' has View All Records, 'bench-own' has not and created
 * `ownRecords` of the million users. Idempotent: a second run finds them.
 */
async function ensureAccessData(plain: Plain): Promise<void> {
  const [{ n }] = (await plain.raw("select count(*)::int as n from roles where name like 'Bench role %'")).rows;
  if (n < roleCount) {
    await plain.raw(`insert into roles (name) select 'Bench role ' || i from generate_series(${n + 1}, ${roleCount}) i`);
  }
  const module = await plain('permission_nodes').where({ type: 'module', name: 'RegisterUser' }).first('node_id');
  const nodes = await plain('permission_nodes').where({ parent_node_id: module.node_id }).orWhere({ node_id: module.node_id }).select('node_id');
  const roles = await plain('roles').where('name', 'like', 'Bench role %').orderBy('role_id').select('role_id');
  for (const [i, role] of roles.entries()) {
    const viewAll = i === 0;
    await plain('role_permissions').insert(nodes.map((node) => ({ role_id: role.role_id, node_id: node.node_id, has_access: true, view_all_records: viewAll && node.node_id === module.node_id })))
      .onConflict(['role_id', 'node_id']).ignore();
  }
  const hash = await hashPassword(password);
  for (const [name, roleIndexes] of [['bench-all', [0, 1, 2]], ['bench-own', [1, 2, 3]]] as const) {
    let user = await plain('users').where({ user_name: name }).first('user_id');
    if (!user) {
      [user] = await plain('users').insert({ user_name: name, first_name: 'Bench', last_name: name, email_address: `${name}@example.org`, must_change_password: false, password_hash: hash }).returning('user_id');
    }
    await plain('user_roles').insert(roleIndexes.map((i) => ({ user_id: user.user_id, role_id: roles[i].role_id }))).onConflict(['user_id', 'role_id']).ignore();
  }
  const own = await plain('users').where({ user_name: 'bench-own' }).first('user_id');
  const [{ owned }] = (await plain.raw('select count(*)::int as owned from users where created_by_id = ? and is_active', [own.user_id])).rows;
  if (owned < ownRecords) {
    // Spread over the table, as records created over years would be, and active (every tenth user is not).
    await plain.raw('update users set created_by_id = null where created_by_id = ?', [own.user_id]);
    await plain.raw(`update users set created_by_id = ? where user_id in (
      select user_id from users where created_by_id is null and is_active and user_id % ? = 1 limit ?)`, [own.user_id, Math.floor(rows / ownRecords), ownRecords]);
    await plain.raw('vacuum analyze users');
  }
}

/** The session check's statement as the request runs it, by the plain pg client: with the module's access and without. */
async function sessionCheckCost(pool: pg.Pool, databaseUrl: string): Promise<void> {
  const app = await buildBenchApp(databaseUrl);
  try {
    const captured: Array<{ sql: string; bindings: unknown[]; name?: string }> = [];
    app.db.on('query', (q: { sql: string; bindings?: unknown[]; options?: { name?: string } }) => {
      let i = 0;
      if (/"sessions"/.test(q.sql)) captured.push({ sql: q.sql.replace(/\?/g, () => `$${++i}`), bindings: q.bindings ?? [], name: q.options?.name });
    });
    const signIn = await app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'bench-own', Password: password } });
    const headers = { authorization: `Bearer ${signIn.headers['x-auth-token']}`, 'session-id': signIn.json().Session.SessionId };
    captured.length = 0;
    await app.inject({ url: '/api/preferences/storage-read?key=x', headers });
    const sessionOnly = captured.find((c) => c.name?.startsWith('session-check'))!;
    captured.length = 0;
    await app.inject({ url: '/api/users?pageSize=1', headers });
    const withAccess = captured.find((c) => c.name?.startsWith('session-check'))!;
    const calls = clients * perClient * 5;
    const run = (st: typeof sessionOnly) => cpuPerCall(calls, undefined, () => concurrently(clients, perClient * 5, () => pool.query({ text: st.sql, values: st.bindings, name: st.name })));
    await run(sessionOnly);
    await run(withAccess);
    const before = await run(sessionOnly);
    const after = await run(withAccess);
    const f = (c: typeof before) => `${c.postgres.toFixed(3)} + ${c.client.toFixed(3)} = ${c.total.toFixed(3)} ms`;
    console.log(`access: session check CPU per request (PostgreSQL + client), ${calls} calls each`);
    console.log(`access:   session only (no module)                 ${f(before)}`);
    console.log(`access:   with module, route, View All Records and field mask  ${f(after)}   (+${(after.total - before.total).toFixed(3)} ms)`);
  } finally {
    await app.close();
  }
}

/**
 * Issue 11's measure: the user list for an administrator who reaches only their own records beside one with View
 * All Records (neither a master user, so both pay for the evaluator), p99 at 10 clients, beside the list's SQL run
 * directly; and what the permission computation adds to the session check.
 */
export async function accessBench(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await ensureDatabase(serverUrl, 'metadmin_bench');
  // Migrates the database (and derives the permission nodes) before the data is laid.
  await (await buildBenchApp(databaseUrl)).close();
  const plain = knexFactory({ client: 'pg', connection: databaseUrl });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  const servers: BenchServer[] = [];
  const closers: Array<() => void> = [];
  try {
    await ensureUsers(plain, rows, console.log);
    await ensureAccessData(plain);
    const server = await startServerProcess(databaseUrl);
    servers.push(server);
    const all = await signedInGetter(server.base, 'bench-all', password);
    const own = await signedInGetter(server.base, 'bench-own', password);
    closers.push(all.close, own.close);
    const ownId = (await plain('users').where({ user_name: 'bench-own' }).first('user_id')).user_id as number;
    console.log(`access: ${rows.toLocaleString('en-US')} users, ${roleCount} roles, 'bench-own' created ${ownRecords.toLocaleString('en-US')} of them; ${clients} clients, ${clients * perClient} calls per scenario, ${os.availableParallelism()} cores`);
    console.log(`access: ${'scenario'.padEnd(30)} ${['View All p50/p99', 'own only p50/p99', 'own SQL p50/p99'].map((h) => h.padStart(22)).join('')}  own/all p99  own/SQL p99`);
    const scenarios: Array<[string, string, string]> = [
      ['first page', 'pageSize=50', 'order by last_name, user_id limit 50'],
      ['sort change (First Name desc)', 'pageSize=50&sorts=FirstName,desc', 'order by first_name desc, user_id desc limit 50'],
      ['search (kofi)', 'pageSize=50&q=kofi', ''],
    ];
    const results: Array<[string, Measured, Measured, Measured]> = [];
    for (const [name, query, order] of scenarios) {
      const get = (who: typeof all) => () => who.api(`/api/users?${query}`);
      await concurrently(clients, 20, get(all));
      await concurrently(clients, 20, get(own));
      const viaAll = await measure(server.child.pid, get(all));
      const viaOwn = await measure(server.child.pid, get(own));
      const sql = order
        ? `select user_id, last_name, first_name, email_address, is_active, is_master from users where is_active and created_by_id = $1 ${order}`
        : `select user_id, last_name, first_name, email_address, is_active, is_master from users where is_active and created_by_id = $1
           and (coalesce(last_name::text, '') || ' ' || coalesce(first_name::text, '') || ' ' || coalesce(user_name::text, '') || ' ' || coalesce(email_address::text, '')) ilike '%kofi%' order by last_name, user_id limit 50`;
      const direct = await measure(undefined, () => pool.query(sql, [ownId]));
      results.push([name, viaAll, viaOwn, direct]);
      const pair = (m: Measured) => `${ms(m.latency.p50).trim()}/${ms(m.latency.p99).trim()}`.padStart(22);
      console.log(`access: ${name.padEnd(30)} ${[viaAll, viaOwn, direct].map(pair).join('')}  ${(viaOwn.latency.p99 / viaAll.latency.p99).toFixed(2).padStart(10)}x  ${(viaOwn.latency.p99 / direct.latency.p99).toFixed(2).padStart(10)}x`);
    }
    console.log('access: CPU per call, ms (server + PostgreSQL + client)');
    for (const [name, a, o] of results) {
      const f = (m: Measured) => `${m.cpu.server.toFixed(2)} + ${m.cpu.postgres.toFixed(2)} + ${m.cpu.client.toFixed(2)} = ${m.cpu.total.toFixed(2)}`;
      console.log(`access:   ${name.padEnd(30)} View All ${f(a)}   own only ${f(o)}`);
    }
    for (const close of closers.splice(0)) close();
    for (const s of servers.splice(0)) s.child.kill('SIGTERM');
    await sessionCheckCost(pool, databaseUrl);
  } finally {
    for (const close of closers) close();
    for (const s of servers) s.child.kill('SIGTERM');
    await pool.end();
    await plain.destroy();
  }
}
