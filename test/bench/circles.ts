import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../server/lib/password.ts';
import { circleGrants } from '../../server/modules/access/circle-grants.ts';
import { benchPassword, buildBenchApp, ensureDatabase, startServerProcess } from './bench-servers.ts';
import { concurrently, latency, ms, type Latency } from './stats.ts';

/**
 * `npm run bench circles` (issue 30): a circleable form with BENCH_ROWS records (1,000,000) across 1,000 atomic circles,
 * one of them owning a fifth; a user in 3 circles, a user in 500 and the administrator list, sort, page and search it,
 * at 4 and at 10 clients, each beside the same statements run straight through pg. Also the cost of CircleAccess per
 * list call, and moving the big circle to another aggregate (its time, and the lists' p99 meanwhile). Figures only.
 */
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const perClient = Number(process.env.BENCH_REPEAT ?? 20);
const circleCount = 1000;
const bigShare = 0.2;
const log = (s: string) => console.log(`circles: ${s}`);

type Statement = { sql: string; bindings: unknown[] };

async function setUp(app: FastifyInstance, db: pg.Pool): Promise<{ formId: number }> {
  const existing = (await db.query("select form_id from forms where name = 'Circle Incidents'")).rows[0];
  if (existing) return { formId: existing.form_id };
  const signIn = await app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'admin', Password: benchPassword } });
  const headers = { authorization: `Bearer ${signIn.headers['x-auth-token']}`, 'session-id': signIn.json().Session.SessionId };
  const built = await app.inject({ method: 'POST', url: '/api/forms/build', headers, payload: {
    Name: 'Circle Incidents', IsCircleable: true,
    Fields: [{ Label: 'Title', FieldType: 'text', Required: true }, { Label: 'Location', FieldType: 'text' }, { Label: 'Incident Date', FieldType: 'date' }],
    Role: { Name: 'Circle Clerk', Create: true, Update: true, Delete: true },
  } });
  if (built.statusCode !== 201) throw new Error(`build: ${built.statusCode} ${built.body}`);
  const formId = built.json().FormId as number;
  const started = performance.now();
  await db.query(`insert into aggregate_circles (name) select 'Bench Region ' || g from generate_series(1, 11) g`);
  await db.query(`insert into atomic_circles (name, aggregate_circle_id)
    select 'Bench Circle ' || c, (select aggregate_circle_id from aggregate_circles where name = 'Bench Region ' || (1 + c % 10)) from generate_series(1, ${circleCount}) c`);
  const first = (await db.query("select min(atomic_circle_id) as id from atomic_circles where name like 'Bench Circle %'")).rows[0].id as number;
  // The first bench circle owns a fifth of the records; the rest are spread over the other 999.
  await db.query(`insert into form_records_${formId} (title, location, incident_date, atomic_circle_id, created_by)
    select 'Incident ' || lpad(i::text, 7, '0') || ' ' || (array['slip','fall','burn','spill','cut'])[1 + i % 5],
      'Site ' || (i % 977), date '2020-01-01' + (i % 2000),
      case when i <= ${Math.floor(rows * bigShare)} then ${first} else ${first + 1} + (i % ${circleCount - 1}) end, 'bench'
    from generate_series(1, ${rows}) i`);
  await db.query(`analyze form_records_${formId}`);
  const role = (await db.query("select role_id from roles where name = 'Circle Clerk'")).rows[0].role_id;
  const hash = await hashPassword(benchPassword);
  for (const [name, circles] of [['in-3', 3], ['in-500', 500]] as const) {
    const user = (await db.query(`insert into users (user_name, first_name, last_name, email_address, password_hash, must_change_password, owner_atomic_circle_id)
      values ($1, 'Bench', $2, $3, $4, false, $5) returning user_id`, [`circle-${name}`, name, `circle-${name}@example.org`, hash, first])).rows[0].user_id;
    await db.query('insert into user_roles (user_id, role_id) values ($1, $2)', [user, role]);
    await db.query(`insert into user_circles (user_id, atomic_circle_id) select $1, ${first} + c from generate_series(1, ${circles - 1}) c`, [user]);
  }
  log(`set up ${rows.toLocaleString('en-US')} records over ${circleCount} circles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { formId };
}

/** The statements a list call runs beyond the session check, captured from the in-process app as it answers. */
async function statementsOf(app: FastifyInstance, headers: Record<string, string>, url: string): Promise<{ statements: Statement[]; answer: { TotalCount: number; TotalCountIsEstimate: boolean } }> {
  const statements: Statement[] = [];
  const listen = (q: { sql: string; bindings?: unknown[]; options?: { name?: string } }) => {
    let i = 0;
    if (!q.options?.name?.startsWith('session-check') && !q.sql.includes('form_revisions')) statements.push({ sql: q.sql.replace(/\?/g, () => `$${++i}`), bindings: q.bindings ?? [] });
  };
  app.db.on('query', listen);
  try {
    await app.inject({ url, headers });
    statements.length = 0;
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return { statements: [...statements], answer: res.json() };
  } finally {
    app.db.off('query', listen);
  }
}

export async function circlesBench(): Promise<void> {
  const url = await ensureDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', `metadmin_bench_circles${rows === 1_000_000 ? '' : `_${rows}`}`);
  const app = await buildBenchApp(url);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const server = await startServerProcess(url);
  try {
    const { formId } = await setUp(app, pool);
    const base = `/api/forms/${formId}/records`;
    const people = ['admin', 'circle-in-3', 'circle-in-500'];
    // One session each, used by the server process and the in-process app alike (they share the database and secret).
    const inProcess = await Promise.all(people.map(async (p) => {
      const res = await app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: p, Password: benchPassword } });
      return { authorization: `Bearer ${res.headers['x-auth-token']}`, 'session-id': res.json().Session.SessionId } as Record<string, string>;
    }));
    const scenarios: Array<[string, string]> = [
      ['first page (Title asc)', 'pageSize=50'], ['page 3', 'pageSize=50&page=3'], ['sort (Incident Date desc)', 'pageSize=50&sorts=IncidentDate,desc'],
      ['sort (Location asc)', 'pageSize=50&sorts=Location,asc'], ['search (burn)', 'pageSize=50&q=burn'], ['search (Site 12)', 'pageSize=50&q=Site%2012'],
    ];
    const figures: Array<Record<string, unknown>> = [];
    log(`${'scenario'.padEnd(28)} ${'user'.padEnd(15)} clients ${'API p50/p99'.padStart(22)} ${'SQL p50/p99'.padStart(22)}  count`);
    for (const clients of [4, 10]) {
      for (const [scenario, query] of scenarios) {
        for (const [i, person] of people.entries()) {
          const call = `${base}?${query}`;
          const { statements, answer } = await statementsOf(app, inProcess[i], call);
          const api: Latency = latency(await concurrently(clients, perClient, async () => {
            const res = await fetch(`${server.base}${call}`, { headers: inProcess[i] });
            if (!res.ok) throw new Error(`${call}: ${res.status}`);
            await res.arrayBuffer();
          }));
          const sql: Latency = latency(await concurrently(clients, perClient, async () => {
            for (const st of statements) await pool.query({ text: st.sql, values: st.bindings });
          }));
          figures.push({ clients, scenario, person, api, sql, total: answer.TotalCount, estimated: answer.TotalCountIsEstimate });
          log(`${scenario.padEnd(28)} ${person.padEnd(15)} ${String(clients).padStart(7)} ${ms(api.p50)}/${ms(api.p99)} ${ms(sql.p50)}/${ms(sql.p99)}  ${answer.TotalCount}${answer.TotalCountIsEstimate ? ' (estimated)' : ''}`);
        }
      }
    }
    for (const clients of [4, 10]) {
      for (const [scenario] of scenarios) {
        const of = (p: string) => figures.find((f) => f.clients === clients && f.scenario === scenario && f.person === p)!;
        const ratio = (p: string) => ((of(p).api as Latency).p99 / (of('admin').api as Latency).p99).toFixed(2);
        log(`ratio to the administrator's API p99, ${clients} clients, ${scenario.padEnd(28)} in-3 ${ratio('circle-in-3')}x, in-500 ${ratio('circle-in-500')}x`);
      }
    }
    // CircleAccess for a page of 50 rows from 50 circles, straight through the evaluator.
    const user = (await pool.query("select user_id from users where user_name = 'circle-in-500'")).rows[0].user_id;
    const circles = (await pool.query("select atomic_circle_id from atomic_circles where name like 'Bench Circle %' order by atomic_circle_id limit 50")).rows.map((r) => r.atomic_circle_id);
    const page = (await pool.query('select access_page_id from forms where form_id = $1', [formId])).rows[0].access_page_id;
    const records = { pageId: page, moduleName: `Form${formId}`, screenId: `form-${formId}` };
    const access = latency(await concurrently(4, 50, () => circleGrants(app.db, { UserId: user, IsMaster: false, viewAll: false }, records, circles)));
    log(`CircleAccess for 50 circles (user in 500 circles), 4 clients: p50 ${ms(access.p50)}, p99 ${ms(access.p99)}`);
    // Moving the big circle to another aggregate, while the user in 3 circles lists.
    const big = circles[0];
    let moving = true;
    const during: number[] = [];
    const lister = (async () => {
      while (moving) {
        const started = performance.now();
        await (await fetch(`${server.base}${base}?pageSize=50`, { headers: inProcess[1] })).arrayBuffer();
        during.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    await pool.query("update atomic_circles set aggregate_circle_id = (select aggregate_circle_id from aggregate_circles where name = 'Bench Region 11') where atomic_circle_id = $1", [big]);
    const moveMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    moving = false;
    await lister;
    await pool.query("update atomic_circles set aggregate_circle_id = (select aggregate_circle_id from aggregate_circles where name = 'Bench Region 2') where atomic_circle_id = $1", [big]);
    log(`moving the circle owning ${Math.floor(rows * bigShare).toLocaleString('en-US')} records to another aggregate: ${ms(moveMs)}; the list's p99 meanwhile ${ms(latency(during).p99)} (${during.length} calls)`);
  } finally {
    server.child.kill();
    await pool.end();
    await app.close();
  }
}
