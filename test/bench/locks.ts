import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { ensureDatabase, benchPassword } from './bench-servers.ts';
import { concurrently, latency, ms, type Latency } from './stats.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const clients = 50;
const repeat = Number(process.env.BENCH_REPEAT ?? 30);

/**
 * `npm run bench locks`: record locks on PostgreSQL at 50 concurrent clients (each its own session and role record):
 * acquire (a read for update), renew and release, and what a read with its lock costs beside a plain read. Through
 * app.inject in this process, so the figures are the server's work and PostgreSQL's, without the network.
 */
export async function locksBench(): Promise<void> {
  const databaseUrl = await ensureDatabase(serverUrl, 'metadmin_bench_locks');
  const app = await buildApp({ ...configFromEnv({}), databaseUrl, adminPassword: benchPassword, jwtSecret: 'bench-secret-bench-secret-bench', uiDir: '/nonexistent', sessionMode: 'UNLIMITED' });
  try {
    const sessions: Array<{ headers: Record<string, string>; url: string; lockId: string }> = [];
    for (let i = 0; i < clients; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'admin', Password: benchPassword } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
      const headers = { authorization: `Bearer ${String(res.headers['x-auth-token'])}`, 'session-id': res.json().Session.SessionId as string, 'x-window-id': `bench-${i}` };
      const name = `Bench Lock ${i} ${Date.now()}`;
      const role = await app.inject({ method: 'POST', url: '/api/roles', headers, payload: { Name: name, Description: null, UserCountLimit: 0, MaxNumberOfConcurrentUsers: 0, IsActive: true, IsAvailSelfReg: false, Permissions: [] } });
      if (role.statusCode !== 201) throw new Error(`role: ${role.body}`);
      sessions.push({ headers, url: `/api/roles/${role.json().RoleId}`, lockId: '' });
    }
    let next = 0;
    const each = () => sessions[next++ % clients];
    const call = async (method: 'GET' | 'DELETE', url: string, headers: Record<string, string>, expect: number) => {
      const res = await app.inject({ method, url, headers });
      if (res.statusCode !== expect) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res;
    };
    const rows: Array<[string, Latency]> = [];
    // Warm up the plans and connections once.
    for (const s of sessions) await call('GET', s.url, s.headers, 200);
    rows.push(['acquire (read for update)', latency(await concurrently(clients, repeat, async () => {
      const s = each();
      const res = await call('GET', `${s.url}?lock=true`, s.headers, 200);
      s.lockId = String(res.headers.recordlockid);
    }))]);
    rows.push(['plain read (no lock)', latency(await concurrently(clients, repeat, () => { const s = each(); return call('GET', s.url, s.headers, 200); }))]);
    rows.push(['renew', latency(await concurrently(clients, repeat, () => { const s = each(); return call('GET', `/api/record-locks/${s.lockId}`, s.headers, 200); }))]);
    rows.push(['release', latency(await concurrently(clients, 1, () => { const s = each(); return call('DELETE', `/api/record-locks/${s.lockId}`, s.headers, 204); }))]);
    rows.push(['acquire, then release', latency(await concurrently(clients, repeat, async () => {
      const s = each();
      const res = await call('GET', `${s.url}?lock=true`, s.headers, 200);
      await call('DELETE', `/api/record-locks/${String(res.headers.recordlockid)}`, s.headers, 204);
    }))]);
    console.log(`\nRecord locks on PostgreSQL, ${clients} concurrent clients, ${repeat} calls each (app.inject: server and database, no network)`);
    console.log('  call                         n       p50         p99         max');
    for (const [name, l] of rows) console.log(`  ${name.padEnd(26)} ${String(l.n).padStart(5)} ${ms(l.p50)} ${ms(l.p99)} ${ms(l.max)}`);
  } finally {
    await app.close();
  }
}
