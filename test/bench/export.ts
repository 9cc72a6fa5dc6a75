import knexFactory from 'knex';
import { ensureUsers } from './grid-data.ts';
import { ensureDatabase, startServerProcess } from './bench-servers.ts';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { concurrently, latency, ms } from './stats.ts';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const password = 'Bench12345';

/** Peak resident memory of a process so far (Linux), in MiB. */
async function peakRssMiB(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * The CSV export of the user list over the bench data on PostgreSQL, through a server in its own process:
 * time to the first byte, the whole file, rows per second and the server's peak memory (streamed, it should
 * not grow with the rows), and the list's first-page latency for 5 other clients while the export runs.
 */
export async function exportBench(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await ensureDatabase(serverUrl, 'metadmin_bench');
  // Migrations (and the admin's password) as the grid bench has them.
  const app = await buildApp({ ...configFromEnv({}), databaseUrl, adminPassword: password, jwtSecret: 'bench-secret-bench-secret-bench', uiDir: '/nonexistent' });
  await app.close();
  const plain = knexFactory({ client: 'pg', connection: databaseUrl });
  const server = await (async () => {
    await ensureUsers(plain, rows, console.log);
    return startServerProcess(databaseUrl);
  })();
  try {
    const signIn = await fetch(`${server.base}/api/Authenticate/SignIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'admin', Password: password }) });
    const session = (await signIn.json()) as { Session: { SessionId: string } };
    const headers = { authorization: `Bearer ${signIn.headers.get('x-auth-token')}`, 'session-id': session.Session.SessionId };
    const before = await peakRssMiB(server.child.pid!);
    const scenarios: Array<[string, string]> = [
      ['all active users, by last name', 'sorts=LastName,asc'],
      ['all users, two sorts, 4 columns', 'sorts=FirstName,desc,LastName,asc&cols=LastName,FirstName,UserName,EmailAddress&includeInactive=true'],
      ['broad search (kofi)', 'q=kofi'],
    ];
    console.log(`export: ${rows.toLocaleString('en-US')} users on PostgreSQL; server peak RSS before ${before.toFixed(0)} MiB`);
    for (const [name, query] of scenarios) {
      for (const busy of [false, true]) {
        const started = performance.now();
        let firstByte = 0;
        let bytes = 0;
        let lines = 0;
        const listing: number[] = [];
        const response = await fetch(`${server.base}/api/users/export.csv?${query}`, { headers });
        if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
        let exporting = true;
        const others = (async () => {
          while (busy && exporting) listing.push(...await concurrently(5, 1, () => fetch(`${server.base}/api/users?pageSize=50`, { headers }).then((r) => r.arrayBuffer())));
        })();
        const reader = response.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (!firstByte) firstByte = performance.now() - started;
          bytes += value.byteLength;
          for (const b of value) if (b === 10) lines++;
        }
        exporting = false;
        await others;
        const seconds = (performance.now() - started) / 1000;
        const during = busy ? latency(listing) : undefined;
        const beside = during ? `; 5 clients paging meanwhile: p50 ${ms(during.p50)} p99 ${ms(during.p99)} (n=${during.n})` : ' (alone)';
        console.log(`export: ${name.padEnd(34)} first byte ${ms(firstByte)}, ${(lines - 1).toLocaleString('en-US').padStart(9)} rows ${(bytes / 1024 / 1024).toFixed(1).padStart(6)} MiB in ${seconds.toFixed(2).padStart(6)} s (${Math.round((lines - 1) / seconds).toLocaleString('en-US').padStart(7)} rows/s); peak RSS ${(await peakRssMiB(server.child.pid!)).toFixed(0)} MiB${beside}`);
      }
    }
  } finally {
    server.child.kill('SIGTERM');
    await plain.destroy();
  }
}
