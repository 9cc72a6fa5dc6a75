import os from 'node:os';
import pg from 'pg';
import { decodeCursor, encodeCursor } from '../../server/lib/list/cursor.ts';
import { clients, measure, type Captured, type Measured } from './grid.ts';
import { concurrently, latency, ms, type Latency } from './stats.ts';
import { cpuPerCall } from './cpu.ts';
import { broadTerm, log, otherBroadTerm, othersLoad, perClient, rows, selectiveTerm, type Plain, type Session } from './lowcode-data.ts';

/** A row of the grid's figures; `refused` counts the calls answered 422 SearchTooBroad (API) or stopped by the same timeout (SQL). */
export interface GridRow {
  scenario: string; query: string; othersCores: number; api: Latency; sql: Latency; allSql: Latency; apiCpuMs: Measured['cpu']; sqlCpuMs: Measured['cpu'];
  total: number | null; totalIsEstimate: boolean; refused: { api: number; sql: number }; statements: string[];
}

interface ListAnswer { TotalCount: number; TotalCountIsEstimate: boolean; Items: Array<Record<string, unknown>>; Cursors: { First: string; Last: string } }
const refusal = { refused: 'SearchTooBroad' } as const;

/**
 * A search the server stops at its timeout answers 422 SearchTooBroad, as it should (run-list.ts): a figure (its time,
 * and how many calls were refused), not a failure of the bench. Any other error still is one.
 */
async function orRefused<T>(call: () => Promise<T>, counter?: { n: number }): Promise<T | typeof refusal> {
  try {
    return await call();
  } catch (error) {
    const refused = / 422 .*SearchTooBroad/.test(String((error as Error).message)) || (error as { code?: string }).code === '57014';
    if (!refused) throw error;
    if (counter) counter.n++;
    return refusal;
  }
}

export async function gridScenarios(formId: number, plain: Plain, pool: pg.Pool, api: (path: string) => Promise<unknown>, serverPid: number | undefined, capture: { take(): Captured[] }, admin: Session): Promise<GridRow[]> {
  const base = `/api/forms/${formId}/records`;
  const table = `form_records_${formId}`;
  const list = (query: string) => api(`${base}?${query}`) as Promise<ListAnswer>;
  const first = await list('pageSize=50');
  // A cursor at the middle of the default order (Title, RecordId), as paging Next from there would hand back.
  const { order } = decodeCursor(first.Cursors.Last, 'after');
  const middle = (await plain.raw(`select title, record_id from ${table} where is_active order by title, record_id offset ${Math.floor(rows * 0.48)} limit 1`)).rows[0] as { title: string; record_id: number };
  const deep = encodeCursor({ order, values: [middle.title, middle.record_id] });
  const byDateDesc = await list('pageSize=50&sorts=IncidentDate,desc');
  // Paging from the middle walks the order's index from its start, and the broad search sorts every match: seconds a
  // call at 10 clients, so 1 call per client, not 30.
  const slow = new Set([`broad search (${broadTerm})`]);
  const scenarios: Array<[string, string]> = [
    ['first page (Title asc)', 'pageSize=50'],
    ['next page (cursor, page 2)', `pageSize=50&page=2&after=${first.Cursors.Last}`],
    ['next page (cursor at the middle)', `pageSize=50&page=9601&after=${deep}`],
    ['previous page (cursor at the middle)', `pageSize=50&page=9600&before=${deep}`],
    ['sort change (Location asc)', 'pageSize=50&sorts=Location,asc'],
    ['sort change (Location desc)', 'pageSize=50&sorts=Location,desc'],
    ['sort change (Incident Date asc)', 'pageSize=50&sorts=IncidentDate,asc'],
    ['sort change (Incident Date desc)', 'pageSize=50&sorts=IncidentDate,desc'],
    ['next page (Incident Date desc, page 2)', `pageSize=50&page=2&sorts=IncidentDate,desc&after=${byDateDesc.Cursors.Last}`],
    [`selective search (${selectiveTerm})`, `pageSize=50&q=${selectiveTerm}`],
    [`broad search (${otherBroadTerm})`, `pageSize=50&q=${otherBroadTerm}`],
    [`broad search (${broadTerm})`, `pageSize=50&q=${broadTerm}`],
  ];
  // The list's own statements: those on the record table (its page carries its rows' lock flags, which mention
  // sessions, so the session check is told apart by its name, as grid.ts does).
  const isListStatement = (st: Captured) => st.sql.includes(table) && !st.name?.startsWith('session-check');
  // `pool` stops a statement after the list's search timeout, as the server does: such a stop counts as a refusal.
  const runDirect = async (statements: Captured[]) => {
    for (const st of statements) await pool.query({ text: st.sql, values: st.bindings, name: st.name });
  };
  log(`grid: ${rows.toLocaleString('en-US')} records, 20 fields; ${clients} concurrent clients, ${clients * perClient} calls per scenario, ${os.availableParallelism()} cores`);
  log("grid: SQL = the list's own statements (those on the record table) through pg; all SQL = all of the call's (session check and form revision included)");
  log('grid: a search stopped at the list\'s timeout is answered 422 SearchTooBroad: its time is the time to that answer, and the refusals are counted');
  log('grid: others = cores other processes (PostgreSQL and this bench left out) kept busy during the scenario, of 2');
  log(`grid: ${'scenario'.padEnd(40)} ${['API', 'SQL', 'all SQL'].map((h) => `${h} p50/p99`.padStart(22)).join('')}  API/SQL p99  others  records`);
  const out: GridRow[] = [];
  for (const [name, query] of scenarios) {
    // The second call's statements: the first may compose the form or plan the count's estimate (cached for 10 s).
    if (!slow.has(name)) await orRefused(() => admin.call('GET', `${base}?${query}`));
    capture.take();
    await orRefused(() => admin.call('GET', `${base}?${query}`));
    const statements = capture.take().filter((st) => !slow.has(name) || !st.sql.startsWith('explain'));
    const answer = await orRefused(() => list(query));
    const calls = slow.has(name) ? 1 : perClient;
    const timed = async (pid: number | undefined, call: () => Promise<unknown>): Promise<Measured> => {
      if (!slow.has(name)) return measure(pid, call);
      let samples: number[] = [];
      const cpu = await cpuPerCall(clients * calls, pid, async () => { samples = await concurrently(clients, calls, call); });
      return { latency: latency(samples), cpu };
    };
    if (!slow.has(name)) await concurrently(clients, 10, () => orRefused(() => list(query)));
    const others = othersLoad();
    const refusedApi = { n: 0 };
    const refusedSql = { n: 0 };
    const viaApi = await timed(serverPid, () => orRefused(() => list(query), refusedApi));
    const direct = await timed(undefined, () => orRefused(() => runDirect(statements.filter(isListStatement)), refusedSql));
    const allDirect = await timed(undefined, () => orRefused(() => runDirect(statements)));
    const othersCores = others();
    const pair = (l: Latency) => `${ms(l.p50).trim()}/${ms(l.p99).trim()}`.padStart(22);
    const refusedNote = refusedApi.n + refusedSql.n ? ` refused: API ${refusedApi.n}, SQL ${refusedSql.n} of ${clients * calls}` : '';
    const total = 'refused' in answer ? `422 ${answer.refused}${refusedNote}` : `${answer.TotalCountIsEstimate ? 'about ' : ''}${answer.TotalCount.toLocaleString('en-US')}${refusedNote}`;
    log(`grid: ${name.padEnd(40)} ${[viaApi, direct, allDirect].map((m) => pair(m.latency)).join('')}  ${`${(viaApi.latency.p99 / direct.latency.p99).toFixed(2)}x`.padStart(11)}  ${othersCores.toFixed(2).padStart(6)}  ${total}${slow.has(name) ? ` (${clients * calls} calls each)` : ''}`);
    out.push({
      scenario: name, query, othersCores, api: viaApi.latency, sql: direct.latency, allSql: allDirect.latency, apiCpuMs: viaApi.cpu, sqlCpuMs: direct.cpu,
      total: 'refused' in answer ? null : answer.TotalCount, totalIsEstimate: 'refused' in answer ? false : answer.TotalCountIsEstimate,
      refused: { api: refusedApi.n, sql: refusedSql.n }, statements: statements.filter(isListStatement).map((s) => s.sql),
    });
  }
  log('grid: CPU per call, ms (server + PostgreSQL + client = all)');
  const f = (c: Measured['cpu']) => `${c.server.toFixed(2)} + ${c.postgres.toFixed(2)} + ${c.client.toFixed(2)} = ${c.total.toFixed(2)}`;
  for (const row of out) log(`grid:   ${row.scenario.padEnd(40)} API ${f(row.apiCpuMs)}   SQL ${f(row.sqlCpuMs)}`);
  return out;
}
