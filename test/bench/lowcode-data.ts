import knexFactory from 'knex';
import type { FastifyInstance } from 'fastify';
import { fieldIdentifier } from '../../engine/core/lowcode/compose-form.ts';
import { toSnakeCase } from '../../engine/core/naming.ts';
import { udfKey } from '../../server/lib/list/udf-columns.ts';
import { serverDay } from '../../server/modules/forms/built-forms.ts';
import { recordIndexesBuilt } from '../../server/modules/forms/record-indexes.ts';
import { benchPassword } from './bench-servers.ts';
import { clients } from './grid.ts';
import { othersCpuMs, postgresCpuMs } from './cpu.ts';

/** The low-code bench's form, its records and how they are laid (lowcode.ts runs it). */
export const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
export const perClient = Number(process.env.BENCH_REPEAT ?? 30);
export const changeRepetitions = 3;
export const metadataRepetitions = 20;
export const databaseName = 'metadmin_bench_lowcode';
export const formName = 'Bench Incidents';
/** The type change bench's own fields (lowcode-type-change.ts) start so. */
export const typeChangeFieldPrefix = 'Bench Numeric Text';
// Figures at another record count (BENCH_ROWS) or concurrency (BENCH_CLIENTS) go beside the million-record 10-client ones, not over them.
// A run of some parts only (BENCH_PARTS) is kept beside the whole run's figures too.
const partsSuffix = process.env.BENCH_PARTS ? `-${process.env.BENCH_PARTS.split(',').sort().join('-')}` : '';
export const resultsFile = new URL(`./results/lowcode${rows === 1_000_000 ? '' : `-${rows}-rows`}${clients === 10 ? '' : `-${clients}-clients`}${partsSuffix}.json`, import.meta.url);

export type Plain = ReturnType<typeof knexFactory>;
export const log = (s: string) => console.log(`lowcode: ${s}`);
export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * The cores other processes kept busy meanwhile (this bench's descendants and PostgreSQL left out): other engineers'
 * tests share the machine, and on 2 cores their load shows in every latency here.
 */
export function othersLoad(): () => number {
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
export const rareLocation = 'Zanzibar Wharf';
export const selectiveTerm = 'zanzibar';
export const otherBroadTerm = 'kofi';
export const broadTerm = 'slip';

export interface BenchField { name: string; type: string; required?: boolean; lookup?: 'category' | 'priority'; value: string }

/** The form's 20 fields and how each record's value is made from its number i (types and searchability as field-types.ts says). */
export const fields: BenchField[] = [
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
export const columnOf = (name: string) => toSnakeCase(fieldIdentifier(name)!);

/** A UDF with a value in every record: what a UDF's rename would have to rewrite if its values were keyed by name. */
export const benchUdf = { name: 'Site Inspector', type: 'text', value: `${pick(firstNames, 13)} || ' ' || ${pick(lastNames, 7)}` };

export interface Session {
  call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, extraHeaders?: Record<string, string>): Promise<{ status: number; body: string; json(): unknown }>;
  /** Reads a record for update as the browser's form does: the lock and version headers its write must send. */
  readForUpdate(url: string): Promise<Record<string, string>>;
}

/** A session of a master user on the in-process app (which follows refreshed tokens), failing on any error status. */
export async function inProcessSession(app: FastifyInstance, UserName: string): Promise<Session> {
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
export async function existingBenchForm(plain: Plain): Promise<number | undefined> {
  const hasForms = (await plain.raw("select to_regclass('forms') is not null as ok")).rows[0].ok as boolean;
  if (!hasForms) return undefined;
  const form = await plain('forms').where({ name: formName, is_active: true }).first('form_id');
  if (!form) return undefined;
  const stored = await plain('form_fields').where({ form_id: form.form_id }).orderBy(['is_udf', 'sort_order', 'form_field_id']).select('name', 'field_type', 'is_udf', 'is_active');
  // A type change bench's field left by a run cut short is not the form's shape: that bench takes it up again.
  const [ordinary, udfs] = [stored.filter((f) => !f.is_udf && !f.name.startsWith(typeChangeFieldPrefix)), stored.filter((f) => f.is_udf)];
  const same = ordinary.length === fields.length && ordinary.every((f, i) => f.is_active && f.name === fields[i].name && f.field_type === fields[i].type)
    && udfs.length === 1 && udfs[0].is_active && udfs[0].name === benchUdf.name && udfs[0].field_type === benchUdf.type;
  if (!same) return undefined;
  const table = `form_records_${form.form_id as number}`;
  const [{ n }] = (await plain.raw(`select count(*)::int as n from ${table}`)).rows as Array<{ n: number }>;
  return n === rows ? (form.form_id as number) : undefined;
}

/** Two simple lookup lists for the select fields, with their item ids. */
export async function lookupLists(plain: Plain): Promise<Record<'category' | 'priority', { id: number; items: number[] }>> {
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
 * A fresh database: the form, its 20 fields and a UDF made through the API (so the record table, its order indexes and
 * its search index are the product's own), then the records inserted by SQL with the table's indexes dropped
 * during the load and rebuilt as they were (their definitions and the search index's comment kept), then analysed.
 */
export async function layBenchForm(app: FastifyInstance, plain: Plain, admin: Session, adminId: number): Promise<{ formId: number; loadSeconds: number; indexSeconds: number }> {
  const lists = await lookupLists(plain);
  const form = (await admin.call('POST', '/api/forms', { Name: formName, Description: 'The low-code benchmark\'s form', CanHaveEav: true, IsCircleable: false, IsActive: true })).json() as { FormId: number };
  for (const f of fields) {
    await admin.call('POST', '/api/formfields', {
      FormId: form.FormId, Name: f.name, ReportLabelText: f.name, FieldType: f.type, IsUdf: false, IsActive: true, StartDate: null, EndDate: null,
      AttributeValues: { ...(f.required ? { required: true } : {}), ...(f.lookup ? { lookupListId: lists[f.lookup].id } : {}) },
    });
  }
  const udf = (await admin.call('POST', '/api/formfields', {
    FormId: form.FormId, Name: benchUdf.name, ReportLabelText: null, FieldType: benchUdf.type, IsUdf: true, IsActive: true, StartDate: serverDay(), EndDate: null, AttributeValues: {},
  })).json() as { FormFieldId: number };
  // Its indexes are built after the change: they must be there before the load lists what to drop and rebuild.
  await recordIndexesBuilt(form.FormId);
  const table = `form_records_${form.FormId}`;
  const indexes = (await plain.raw(`select i.indexname as name, i.indexdef as def, obj_description(to_regclass(quote_ident(i.indexname)), 'pg_class') as comment
    from pg_indexes i where i.tablename = ? and i.indexname <> ?`, [table, `${table}_pkey`])).rows as Array<{ name: string; def: string; comment: string | null }>;
  for (const index of indexes) await plain.raw(`drop index "${index.name}"`);
  const started = performance.now();
  const valueOf = (f: BenchField) => (f.lookup ? `(array[${lists[f.lookup].items.join(',')}])[1 + (i * 7) % ${lists[f.lookup].items.length}]` : f.value);
  await plain.raw(`insert into ${table} (${fields.map((f) => `"${columnOf(f.name)}"`).join(', ')}, udf, created_by, created_by_id, created_date, is_active, deactivated_by, deactivated_date)
    select ${fields.map(valueOf).join(',\n      ')},
      jsonb_build_object('${udfKey(udf.FormFieldId)}', ${benchUdf.value}),
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

