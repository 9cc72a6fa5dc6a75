import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import knexFactory from 'knex';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../server/lib/password.ts';
import { decodeCursor, encodeCursor } from '../../server/lib/list/cursor.ts';
import { fieldIdentifier } from '../../engine/core/lowcode/compose-form.ts';
import { toSnakeCase } from '../../engine/core/naming.ts';
import { serverDay } from '../../server/modules/forms/built-forms.ts';
import { ensureRecordIndexes } from '../../server/modules/forms/record-indexes.ts';
import { recordTableName } from '../../server/modules/forms/definition-sync.ts';
import { benchPassword, buildBenchApp, startServerProcess, type BenchServer } from './bench-servers.ts';
import { captureSql, clients, measure, signedInGetter, type Captured, type Measured } from './grid.ts';
import { concurrently, latency, ms, type Latency } from './stats.ts';
import { cpuPerCall, othersCpuMs, postgresCpuMs } from './cpu.ts';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const perClient = Number(process.env.BENCH_REPEAT ?? 30);
const changeRepetitions = 3;
const metadataRepetitions = 20;
const databaseName = 'metadmin_bench_lowcode';
const formName = 'Bench Incidents';
// Figures at another concurrency (BENCH_CLIENTS) go beside the 10-client ones, not over them.
const resultsFile = new URL(`./results/lowcode${clients === 10 ? '' : `-${clients}-clients`}.json`, import.meta.url);

type Plain = ReturnType<typeof knexFactory>;
const log = (s: string) => console.log(`lowcode: ${s}`);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * The cores other processes kept busy meanwhile (this bench's descendants and PostgreSQL left out): other engineers'
 * tests share the machine, and on 2 cores their load shows in every latency here.
 */
function othersLoad(): () => number {
  const started = performance.now();
  const others = othersCpuMs() ?? 0;
  const postgres = postgresCpuMs();
  return () => Math.max(0, ((othersCpuMs() ?? 0) - others - (postgresCpuMs() - postgres)) / (performance.now() - started));
}

const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;
/** One of `items`, spread over the rows by a multiplier (prime to the length, so neighbours differ). */
const pick = (items: string[], multiplier: number) => `(${sqlArray(items)})[1 + (i * ${multiplier}) % ${items.length}]`;

const kinds = ['Slip', 'Fall', 'Burn', 'Cut', 'Spill', 'Collision', 'Fire alarm', 'Near miss', 'Equipment failure', 'Chemical exposure'];
const areas = ['Loading Bay', 'Kitchen', 'Workshop', 'Car Park', 'Stairwell', 'Office', 'Warehouse', 'Laboratory', 'Reception', 'Yard', 'Plant Room', 'Canteen', 'Corridor'];
const sites = ['North Depot', 'South Depot', 'Harbour Office', 'Riverside Plant', 'Central Store', 'East Yard', 'West Mill', 'Airport Hangar', 'City Clinic', 'Hill Quarry', 'Lakeside Lab'];
const firstNames = ['Kofi', 'Ama', 'Kwame', 'Efua', 'Yaw', 'Grace', 'Alan', 'Barbara', 'Linus', 'Radia', 'Ken', 'Frances', 'Edsger', 'Ada'];
const lastNames = ['Mensah', 'Owusu', 'Boateng', 'Asante', 'Hopper', 'Turing', 'Liskov', 'Knuth', 'Hamilton', 'Perlman', 'Thompson', 'Allen', 'Dijkstra', 'Ritchie', 'Wirth', 'Hoare', 'Lamport'];
const departments = ['Operations', 'Maintenance', 'Logistics', 'Catering', 'Security', 'Finance', 'Research', 'Facilities', 'Transport', 'Health and Safety', 'Production', 'Quality'];
const actions = ['first aid given on site', 'area cordoned off', 'supervisor informed', 'equipment taken out of service', 'cleaned up immediately', 'referred to occupational health', 'root cause review booked'];
/**
 * A location found in 1 record of 3,000 (about 333): the selective search. Two broad ones: 'kofi' (a first name of
 * Reported By and Description, spread over the Title order) and 'slip' (a tenth of the titles, all of them in the
 * last fifth of the Title order: the matches cluster where the default sort reaches them last).
 */
const rareLocation = 'Zanzibar Wharf';
const selectiveTerm = 'zanzibar';
const otherBroadTerm = 'kofi';
const broadTerm = 'slip';

interface BenchField { name: string; type: string; required?: boolean; lookup?: 'category' | 'priority'; value: string }

/** The form's 20 fields and how each record's value is made from its number i (types and searchability as field-types.ts says). */
const fields: BenchField[] = [
  { name: 'Title', type: 'text', required: true, value: `${pick(kinds, 7919)} || ' in ' || ${pick(areas, 104729)} || ' #' || i` },
  { name: 'Incident Date', type: 'date', value: "date '2016-01-01' + ((i * 7907) % 3650)::int" },
  { name: 'Reference Code', type: 'text', value: "'INC-' || lpad(i::text, 7, '0')" },
  { name: 'Location', type: 'text', value: `case when i % 3000 = 7 then '${rareLocation}' else ${pick(sites, 31)} || ' bay ' || (1 + i % 40) end` },
  { name: 'Reported By', type: 'text', value: `${pick(firstNames, 7919)} || ' ' || ${pick(lastNames, 104729)}` },
  { name: 'Department', type: 'text', value: pick(departments, 13) },
  { name: 'Severity', type: 'integer', value: '1 + (i * 17) % 5' },
  { name: 'Injured Count', type: 'integer', value: 'case when i % 7 = 0 then 1 + i % 4 else 0 end' },
  { name: 'Cost Estimate', type: 'currency', value: 'round(((i * 7907) % 500000) / 100.0, 2)' },
  { name: 'Hours Lost', type: 'decimal', value: 'round(((i * 31) % 800) / 10.0, 1)' },
  { name: 'Category', type: 'selectOne', lookup: 'category', value: '' },
  { name: 'Is Resolved', type: 'yesNo', value: 'i % 3 <> 0' },
  { name: 'Follow Up Date', type: 'date', value: "case when i % 4 = 0 then null else date '2016-01-15' + ((i * 7907) % 3650)::int end" },
  { name: 'Description', type: 'textArea', value: `${pick(kinds, 7919)} || ' reported at ' || ${pick(areas, 104729)} || ' by ' || ${pick(firstNames, 11)} || ': ' || ${pick(actions, 23)} || '.'` },
  { name: 'Notes', type: 'richText', value: `case when i % 5 = 0 then '<p>Reviewed by ' || ${pick(lastNames, 29)} || '</p>' else null end` },
  { name: 'Priority', type: 'selectOne', lookup: 'priority', value: '' },
  { name: 'Resolved Date', type: 'date', value: "case when i % 3 <> 0 then date '2016-01-01' + ((i * 7907) % 3650)::int + (i % 60)::int else null end" },
  { name: 'Claim Amount', type: 'currency', value: 'case when i % 6 = 0 then round(((i * 104729) % 2000000) / 100.0, 2) else null end' },
  { name: 'Temperature', type: 'decimal', value: 'round((((i * 13) % 400) - 100) / 10.0, 1)' },
  { name: 'Witness Count', type: 'integer', value: '(i * 7) % 6' },
];
const columnOf = (name: string) => toSnakeCase(fieldIdentifier(name)!);

interface Session {
  call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, extraHeaders?: Record<string, string>): Promise<{ status: number; body: string; json(): unknown }>;
  /** Reads a record for update as the browser's form does: the lock and version headers its write must send. */
  readForUpdate(url: string): Promise<Record<string, string>>;
}

/** A session of a master user on the in-process app (which follows refreshed tokens), failing on any error status. */
async function inProcessSession(app: FastifyInstance, UserName: string): Promise<Session> {
  const signIn = await app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName, Password: benchPassword } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in of ${UserName}: ${signIn.statusCode} ${signIn.body}`);
  const headers: Record<string, string> = { authorization: `Bearer ${signIn.headers['x-auth-token']}`, 'session-id': signIn.json().Session.SessionId };
  return {
    async call(method, url, payload, extraHeaders = {}) {
      const res = await app.inject({ method, url, headers: { ...headers, ...extraHeaders }, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      const refreshed = res.headers['x-auth-token'];
      if (typeof refreshed === 'string') headers.authorization = `Bearer ${refreshed}`;
      return { status: res.statusCode, body: res.body, json: () => res.json() };
    },
    async readForUpdate(url) {
      const res = await app.inject({ method: 'GET', url: `${url}?lock=true`, headers });
      if (res.statusCode !== 200) throw new Error(`GET ${url}?lock=true: ${res.statusCode} ${res.body}`);
      return Object.fromEntries(['recordlockid', 'recordversion'].flatMap((h) => (typeof res.headers[h] === 'string' ? [[h, res.headers[h] as string]] : [])));
    },
  };
}

/** The bench form with its 20 fields, records and shape as this file makes them, or undefined (then the database is laid anew). */
async function existingBenchForm(plain: Plain): Promise<number | undefined> {
  const hasForms = (await plain.raw("select to_regclass('forms') is not null as ok")).rows[0].ok as boolean;
  if (!hasForms) return undefined;
  const form = await plain('forms').where({ name: formName, is_active: true }).first('form_id');
  if (!form) return undefined;
  const stored = await plain('form_fields').where({ form_id: form.form_id }).orderBy(['is_udf', 'sort_order', 'form_field_id']).select('name', 'field_type', 'is_udf', 'is_active');
  const same = stored.length === fields.length && stored.every((f, i) => !f.is_udf && f.is_active && f.name === fields[i].name && f.field_type === fields[i].type);
  if (!same) return undefined;
  const table = `form_records_${form.form_id as number}`;
  const [{ n }] = (await plain.raw(`select count(*)::int as n from ${table}`)).rows as Array<{ n: number }>;
  return n === rows ? (form.form_id as number) : undefined;
}

/** Two simple lookup lists for the select fields, with their item ids. */
async function lookupLists(plain: Plain): Promise<Record<'category' | 'priority', { id: number; items: number[] }>> {
  const make = async (system: string, display: string, names: string[]) => {
    const [{ simple_lookup_table_id: id }] = await plain('simple_lookup_tables').insert({ system_name: system, display_name: display, created_by: 'admin' }).returning('simple_lookup_table_id');
    const items = await plain('simple_lookup_items').insert(names.map((name, i) => ({ table_id: id, name, sort_order: i + 1, created_by: 'admin' }))).returning('simple_lookup_item_id');
    return { id: id as number, items: items.map((r: { simple_lookup_item_id: number }) => r.simple_lookup_item_id) };
  };
  return {
    category: await make('BenchIncidentCategory', 'Incident Category', ['Injury', 'Property damage', 'Environmental', 'Security', 'Vehicle', 'Fire', 'Illness', 'Other']),
    priority: await make('BenchIncidentPriority', 'Incident Priority', ['Low', 'Medium', 'High', 'Critical']),
  };
}

/**
 * A fresh database: the form and its 20 fields made through the API (so the record table, its order indexes and
 * its search index are the product's own), then the records inserted by SQL with the table's indexes dropped
 * during the load and rebuilt as they were (their definitions and the search index's comment kept), then analysed.
 */
async function layBenchForm(app: FastifyInstance, plain: Plain, admin: Session, adminId: number): Promise<{ formId: number; loadSeconds: number; indexSeconds: number }> {
  const lists = await lookupLists(plain);
  const form = (await admin.call('POST', '/api/forms', { Name: formName, Description: 'The low-code benchmark\'s form', CanHaveEav: true, IsCircleable: false, IsActive: true })).json() as { FormId: number };
  for (const f of fields) {
    await admin.call('POST', '/api/formfields', {
      FormId: form.FormId, Name: f.name, ReportLabelText: f.name, FieldType: f.type, IsUdf: false, IsActive: true, StartDate: null, EndDate: null,
      AttributeValues: { ...(f.required ? { required: true } : {}), ...(f.lookup ? { lookupListId: lists[f.lookup].id } : {}) },
    });
  }
  const table = `form_records_${form.FormId}`;
  const indexes = (await plain.raw(`select i.indexname as name, i.indexdef as def, obj_description(to_regclass(quote_ident(i.indexname)), 'pg_class') as comment
    from pg_indexes i where i.tablename = ? and i.indexname <> ?`, [table, `${table}_pkey`])).rows as Array<{ name: string; def: string; comment: string | null }>;
  for (const index of indexes) await plain.raw(`drop index "${index.name}"`);
  const started = performance.now();
  const valueOf = (f: BenchField) => (f.lookup ? `(array[${lists[f.lookup].items.join(',')}])[1 + (i * 7) % ${lists[f.lookup].items.length}]` : f.value);
  await plain.raw(`insert into ${table} (${fields.map((f) => `"${columnOf(f.name)}"`).join(', ')}, created_by, created_by_id, created_date, is_active, deactivated_by, deactivated_date)
    select ${fields.map(valueOf).join(',\n      ')},
      'admin', ${adminId}, timestamptz '2016-01-01 08:00:00+00' + i * interval '5 minutes', i % 25 <> 0,
      case when i % 25 = 0 then 'admin' end, case when i % 25 = 0 then timestamptz '2026-01-01 08:00:00+00' end
    from generate_series(1::bigint, ${rows}::bigint) i`);
  const loadSeconds = (performance.now() - started) / 1000;
  log(`setup: inserted ${rows.toLocaleString('en-US')} records in ${loadSeconds.toFixed(1)} s`);
  const indexed = performance.now();
  await plain.transaction(async (trx) => {
    // Only the load's own session: the server's index builds (definition changes below) keep PostgreSQL's default.
    await trx.raw("set local maintenance_work_mem = '512MB'");
    for (const index of indexes) {
      await trx.raw(index.def);
      if (index.comment !== null) await trx.raw(`comment on index "${index.name}" is '${index.comment.replace(/'/g, "''")}'`);
    }
  });
  // Vacuumed as autovacuum would leave a settled table: its visibility map lets index-only scans skip the heap.
  await plain.raw(`vacuum analyze ${table}`);
  const indexSeconds = (performance.now() - indexed) / 1000;
  log(`setup: rebuilt ${indexes.length} indexes (${indexes.map((i) => i.name.replace(`${table}_`, '')).join(', ')}) and vacuumed in ${indexSeconds.toFixed(1)} s`);
  return { formId: form.FormId, loadSeconds, indexSeconds };
}

interface GridRow { scenario: string; query: string; othersCores: number; api: Latency; sql: Latency; allSql: Latency; apiCpuMs: Measured['cpu']; sqlCpuMs: Measured['cpu']; total: number; totalIsEstimate: boolean; statements: string[] }

interface ListAnswer { TotalCount: number; TotalCountIsEstimate: boolean; Items: Array<Record<string, unknown>>; Cursors: { First: string; Last: string } }

async function gridScenarios(formId: number, plain: Plain, pool: pg.Pool, api: (path: string) => Promise<unknown>, serverPid: number | undefined, capture: { take(): Captured[] }, admin: Session): Promise<GridRow[]> {
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
  const isListStatement = (st: Captured) => st.sql.includes(table) && !/"sessions"/.test(st.sql);
  const runDirect = async (statements: Captured[]) => {
    for (const st of statements) await pool.query({ text: st.sql, values: st.bindings, name: st.name });
  };
  log(`grid: ${rows.toLocaleString('en-US')} records, 20 fields; ${clients} concurrent clients, ${clients * perClient} calls per scenario, ${os.availableParallelism()} cores`);
  log("grid: SQL = the list's own statements (those on the record table) through pg; all SQL = all of the call's (session check and form revision included)");
  log('grid: others = cores other processes (PostgreSQL and this bench left out) kept busy during the scenario, of 2');
  log(`grid: ${'scenario'.padEnd(40)} ${['API', 'SQL', 'all SQL'].map((h) => `${h} p50/p99`.padStart(22)).join('')}  API/SQL p99  others  records`);
  const out: GridRow[] = [];
  for (const [name, query] of scenarios) {
    // The second call's statements: the first may compose the form or plan the count's estimate (cached for 10 s).
    if (!slow.has(name)) await admin.call('GET', `${base}?${query}`);
    capture.take();
    await admin.call('GET', `${base}?${query}`);
    const statements = capture.take().filter((st) => !slow.has(name) || !st.sql.startsWith('explain'));
    const answer = await list(query);
    const calls = slow.has(name) ? 1 : perClient;
    const timed = async (pid: number | undefined, call: () => Promise<unknown>): Promise<Measured> => {
      if (!slow.has(name)) return measure(pid, call);
      let samples: number[] = [];
      const cpu = await cpuPerCall(clients * calls, pid, async () => { samples = await concurrently(clients, calls, call); });
      return { latency: latency(samples), cpu };
    };
    if (!slow.has(name)) await concurrently(clients, 10, () => list(query));
    const others = othersLoad();
    const viaApi = await timed(serverPid, () => list(query));
    const direct = await timed(undefined, () => runDirect(statements.filter(isListStatement)));
    const allDirect = await timed(undefined, () => runDirect(statements));
    const othersCores = others();
    const pair = (l: Latency) => `${ms(l.p50).trim()}/${ms(l.p99).trim()}`.padStart(22);
    const total = `${answer.TotalCountIsEstimate ? 'about ' : ''}${answer.TotalCount.toLocaleString('en-US')}`;
    log(`grid: ${name.padEnd(40)} ${[viaApi, direct, allDirect].map((m) => pair(m.latency)).join('')}  ${`${(viaApi.latency.p99 / direct.latency.p99).toFixed(2)}x`.padStart(11)}  ${othersCores.toFixed(2).padStart(6)}  ${total}${slow.has(name) ? ` (${clients * calls} calls each)` : ''}`);
    out.push({
      scenario: name, query, othersCores, api: viaApi.latency, sql: direct.latency, allSql: allDirect.latency, apiCpuMs: viaApi.cpu, sqlCpuMs: direct.cpu,
      total: answer.TotalCount, totalIsEstimate: answer.TotalCountIsEstimate, statements: statements.filter(isListStatement).map((s) => s.sql),
    });
  }
  log('grid: CPU per call, ms (server + PostgreSQL + client = all)');
  const f = (c: Measured['cpu']) => `${c.server.toFixed(2)} + ${c.postgres.toFixed(2)} + ${c.client.toFixed(2)} = ${c.total.toFixed(2)}`;
  for (const row of out) log(`grid:   ${row.scenario.padEnd(40)} API ${f(row.apiCpuMs)}   SQL ${f(row.sqlCpuMs)}`);
  return out;
}

interface ChangeRow { change: string; what: string; runsMs: number[] }

/** Field payload for POST /api/formfields. */
const fieldBody = (formId: number, Name: string, FieldType: string, extra: object = {}) => ({
  FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {}, ...extra,
});

/**
 * Definition changes on the million-record form, each timed by wall clock around its call (in-process inject:
 * the same route, transaction and DDL as over HTTP, without the socket). Every change is undone afterwards
 * (added fields deleted: they hold no values), so the next run finds the form of the same shape and reuses it;
 * the undoing is timed too.
 */
async function definitionChanges(formId: number, admin: Session): Promise<ChangeRow[]> {
  const timed = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
    const started = performance.now();
    const result = await work();
    const took = performance.now() - started;
    log(`change:   (one call took ${took.toFixed(0)} ms)`);
    return [took, result];
  };
  const fieldsNow = (await admin.call('GET', `/api/forms/${formId}/fields`)).json() as Array<{ FormFieldId: number; Name: string } & Record<string, unknown>>;
  const byName = (name: string) => fieldsNow.find((f) => f.Name === name)!;
  /** A field's save, timed alone: the read for update that gives its lock and version comes before the clock starts. */
  const update = async (field: Record<string, unknown>, changes: object) => {
    const url = `/api/formfields/${field.FormFieldId as number}`;
    const lock = await admin.readForUpdate(url);
    return timed(() => admin.call('POST', url, { ...pickInput(field), ...changes }, lock));
  };
  const rows_: ChangeRow[] = [];
  const row = (change: string, what: string) => { const r: ChangeRow = { change, what, runsMs: [] }; rows_.push(r); return r; };
  const added: number[] = [];

  const adds: Array<[string, string, string]> = [
    ['add a field: rich text', 'richText', 'neither sortable nor searchable: ALTER TABLE ADD COLUMN only (catalog change, no rewrite)'],
    ['add a field: integer', 'integer', 'sortable, not searchable: ADD COLUMN + its (column, record_id) b-tree built over every record'],
    ['add a field: text', 'text', 'sortable and searchable: ADD COLUMN; its b-tree and trigram index are built after the commit'],
  ];
  for (const [change, type, what] of adds) {
    const r = row(change, what);
    for (let rep = 1; rep <= changeRepetitions; rep++) {
      const [took, res] = await timed(() => admin.call('POST', '/api/formfields', fieldBody(formId, `Bench Added ${type} ${rep}`, type)));
      r.runsMs.push(took);
      added.push((res.json() as { FormFieldId: number }).FormFieldId);
    }
  }
  const udf = row('add a UDF (text)', 'a key of the records\' udf JSONB: no DDL');
  for (let rep = 1; rep <= changeRepetitions; rep++) {
    const [took, res] = await timed(() => admin.call('POST', '/api/formfields', { ...fieldBody(formId, `Bench Added Udf ${rep}`, 'text'), IsUdf: true, StartDate: serverDay(), ReportLabelText: null }));
    udf.runsMs.push(took);
    added.push((res.json() as { FormFieldId: number }).FormFieldId);
  }
  // Deactivating a searchable text field takes it out of the search expression: the same trigram rebuild as adding
  // one (timed above), so only the integer field is deactivated here, to keep the run short.
  for (const [name, what] of [['Severity', 'an integer field: the composed form changes, no DDL']] as const) {
    const off = row(`deactivate a field (${name})`, what);
    const on = row(`reactivate it (${name})`, 'undoing the deactivation, the same work again');
    for (let rep = 1; rep <= changeRepetitions; rep++) {
      off.runsMs.push((await update(byName(name), { IsActive: false }))[0]);
      on.runsMs.push((await update(byName(name), { IsActive: true }))[0]);
    }
  }
  const rename = row('rename a field (Location)', 'ALTER TABLE RENAME COLUMN + its order and trigram indexes renamed');
  const back = row('rename it back', 'the same work again');
  for (let rep = 1; rep <= changeRepetitions; rep++) {
    rename.runsMs.push((await update(byName('Location'), { Name: 'Site Location', ReportLabelText: 'Site Location' }))[0]);
    back.runsMs.push((await update(byName('Location'), { Name: 'Location', ReportLabelText: 'Location' }))[0]);
  }
  const undo = row('delete the added fields (cleanup), each', 'no values (counted first): DROP COLUMN, its indexes with it');
  for (const id of added.reverse()) {
    const lock = await admin.readForUpdate(`/api/formfields/${id}`);
    undo.runsMs.push((await timed(() => admin.call('DELETE', `/api/formfields/${id}`, undefined, lock)))[0]);
  }
  return rows_;
}

const inputKeys = ['FormId', 'Name', 'ReportLabelText', 'FieldType', 'IsUdf', 'IsActive', 'StartDate', 'EndDate', 'SortOrder', 'AttributeValues'];
const pickInput = (field: Record<string, unknown>) => Object.fromEntries(inputKeys.map((k) => [k, field[k]]));

interface MetadataFigures { steady: Latency; firstAfterChangeMs: number[]; secondAfterChangeMs: number[]; firstListAfterChangeMs: number[]; changeMs: number[] }

/**
 * GET /api/metadata/screens/form-<id>: steady at 10 clients (the composed form cached in the server process), and
 * the first call after a change of the form's definition (a label: the server process reads the new revision and
 * composes the form again), with the second call and the first list call after it for comparison.
 */
async function metadataFigures(formId: number, api: (path: string) => Promise<unknown>, serverPid: number | undefined, admin: Session): Promise<MetadataFigures> {
  const path = `/api/metadata/screens/form-${formId}`;
  await concurrently(clients, 20, () => api(path));
  const steady = await measure(serverPid, () => api(path));
  const fieldsNow = (await admin.call('GET', `/api/forms/${formId}/fields`)).json() as Array<Record<string, unknown>>;
  const field = fieldsNow.find((f) => f.Name === 'Witness Count')!;
  const out: MetadataFigures = { steady: steady.latency, firstAfterChangeMs: [], secondAfterChangeMs: [], firstListAfterChangeMs: [], changeMs: [] };
  const time = async (work: () => Promise<unknown>) => { const started = performance.now(); await work(); return performance.now() - started; };
  for (let rep = 1; rep <= metadataRepetitions; rep++) {
    const label = rep === metadataRepetitions ? 'Witness Count' : `Witnesses ${rep}`;
    const url = `/api/formfields/${field.FormFieldId as number}`;
    const lock = await admin.readForUpdate(url);
    out.changeMs.push(await time(() => admin.call('POST', url, { ...pickInput(field), ReportLabelText: label }, lock)));
    out.firstAfterChangeMs.push(await time(() => api(path)));
    out.secondAfterChangeMs.push(await time(() => api(path)));
    out.firstListAfterChangeMs.push(await time(() => api(`/api/forms/${formId}/records?pageSize=50`)));
  }
  return out;
}

const summary = (runs: number[]) => { const l = latency(runs); return `p50 ${ms(l.p50).trim()}, max ${ms(l.max).trim()}`; };

/**
 * The low-code core on a form of 20 fields with a million records: its grid at 10 clients beside the same SQL run
 * directly, its definition changes by wall clock, and its composed screen (cached, and first after a change).
 */
export async function lowcodeBench(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const started = performance.now();
  let setup: { reused: boolean; loadSeconds?: number; indexSeconds?: number; seconds?: number };
  let formId: number | undefined;
  {
    const adminClient = new pg.Client({ connectionString: serverUrl });
    await adminClient.connect();
    const exists = (await adminClient.query('select 1 from pg_database where datname = $1', [databaseName])).rowCount;
    if (exists) {
      const probe = knexFactory({ client: 'pg', connection: databaseUrl });
      try { formId = await existingBenchForm(probe); } finally { await probe.destroy(); }
      if (formId === undefined) await adminClient.query(`drop database ${databaseName} with (force)`);
    }
    if (formId === undefined) await adminClient.query(`create database ${databaseName}`);
    await adminClient.end();
  }
  // In-process: migrates the database, lays the form through the API, captures each list call's SQL and makes the
  // definition changes. The load goes to a separate server process, as deployed.
  const app = await buildBenchApp(databaseUrl);
  const plain = knexFactory({ client: 'pg', connection: databaseUrl });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  const servers: BenchServer[] = [];
  const closers: Array<() => void> = [];
  try {
    // A second administrator for the in-process app: a new sign-in of 'admin' would end the load's session.
    if (!(await plain('users').where('user_name', 'bench-capture').first())) {
      await plain('users').insert({ user_name: 'bench-capture', first_name: 'Bench', last_name: 'Capture', email_address: 'capture@example.org', is_master: true, must_change_password: false, password_hash: await hashPassword(benchPassword) });
    }
    const admin = await inProcessSession(app, 'bench-capture');
    const adminId = (await plain('users').where('user_name', 'admin').first('user_id')).user_id as number;
    if (formId !== undefined) {
      setup = { reused: true };
      log(`setup: reusing ${databaseName}: form ${formId} '${formName}' with its 20 fields and ${rows.toLocaleString('en-US')} records`);
    } else {
      const laid = await layBenchForm(app, plain, admin, adminId);
      formId = laid.formId;
      setup = { reused: false, loadSeconds: laid.loadSeconds, indexSeconds: laid.indexSeconds, seconds: (performance.now() - started) / 1000 };
      log(`setup: laid ${databaseName} in ${seconds(started)} s`);
    }
    // The list's indexes are built after a definition change commits: a reused database may predate some of them.
    const indexing = performance.now();
    await ensureRecordIndexes(app.db, formId, recordTableName(formId));
    log(`setup: the form's list indexes present after ${seconds(indexing)} s`);
    const server = await startServerProcess(databaseUrl);
    servers.push(server);
    const signedIn = await signedInGetter(server.base);
    closers.push(signedIn.close);
    const capture = captureSql(app.db);

    // Written after each part, so a run cut short still leaves what it measured.
    const results: Record<string, unknown> = {
      ranAt: new Date().toISOString(),
      machine: { cores: os.availableParallelism(), loadAverageAtStart: os.loadavg(), postgres: (await plain.raw('show server_version')).rows[0].server_version },
      database: databaseName, formId, records: rows, fields: fields.map((f) => ({ name: f.name, type: f.type })), clients, callsPerScenario: clients * perClient,
      setup,
    };
    const save = () => {
      mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
      writeFileSync(resultsFile, `${JSON.stringify({ ...results, loadAverageNow: os.loadavg() }, null, 2)}\n`);
    };
    const grid = await gridScenarios(formId, plain, pool, signedIn.api, server.child.pid, capture, admin);
    results.grid = grid.map(({ statements, ...rest }) => ({ ...rest, listSql: statements }));
    save();

    const metadataLoad = othersLoad();
    const metadata = await metadataFigures(formId, signedIn.api, server.child.pid, admin);
    const metadataOthersCores = metadataLoad();
    log(`metadata: GET /api/metadata/screens/form-${formId}, steady (cached) at ${clients} clients, ${metadata.steady.n} calls: p50 ${ms(metadata.steady.p50).trim()}, p99 ${ms(metadata.steady.p99).trim()}`);
    log(`metadata: ${metadataRepetitions} x (change a field's label, then one call):`);
    log(`metadata:   the change itself                      ${summary(metadata.changeMs)}`);
    log(`metadata:   first call after it (form recomposed)  ${summary(metadata.firstAfterChangeMs)}`);
    log(`metadata:   second call (cached again)             ${summary(metadata.secondAfterChangeMs)}`);
    log(`metadata:   first list call after it (handlers)    ${summary(metadata.firstListAfterChangeMs)}`);
    log(`metadata: other processes kept ${metadataOthersCores.toFixed(2)} of 2 cores busy meanwhile`);
    results.metadata = { othersCores: metadataOthersCores, ...metadata };
    save();
    log(`definition changes on the ${rows.toLocaleString('en-US')}-record form, wall clock per call, ${changeRepetitions} repetitions each (target under 1 s)`);
    const changesLoad = othersLoad();
    const changes = await definitionChanges(formId, admin);
    const changesOthersCores = changesLoad();
    log(`change: other processes kept ${changesOthersCores.toFixed(2)} of 2 cores busy meanwhile`);
    results.definitionChanges = { othersCores: changesOthersCores, changes };
    results.totalSeconds = (performance.now() - started) / 1000;
    save();
    for (const c of changes) {
      const over = c.runsMs.some((t) => t >= 1000) ? '  OVER 1 s' : '';
      log(`change: ${c.change.padEnd(42)} ${c.runsMs.map((t) => ms(t)).join(' ')}${over}`);
      log(`change:   ${''.padEnd(40)} (${c.what})`);
    }
    log(`wrote ${resultsFile.pathname}; the whole run took ${seconds(started)} s`);
  } finally {
    for (const close of closers) close();
    for (const s of servers) s.child.kill('SIGTERM');
    await pool.end();
    await plain.destroy();
    await app.close();
  }
}
