import { existsSync, openAsBlob, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { benchPassword, buildBenchApp, ensureDatabase, startServerProcess } from './bench-servers.ts';
import { httpGetter } from './http-get.ts';
import { latency, ms, type Latency } from './stats.ts';
import { writeResults } from './results.ts';
import { importFields, writeCsv, writeXlsx } from './import-files.ts';

/**
 * `npm run bench import` (issue 29): records imported from CSV and from XLSX into a 20-field built form on PostgreSQL,
 * through the real server in its own process: rows per second (dry run and import), the server's peak RSS while it
 * reads the file (flat as the file grows: it streams), and the form's list p99 at 4 clients meanwhile. 100,000 rows;
 * a million too with BENCH_IMPORT_MILLION=1 (BENCH_IMPORT_ROWS=n,m picks the sizes).
 */
const sizes = (process.env.BENCH_IMPORT_ROWS ?? (process.env.BENCH_IMPORT_MILLION ? '100000,1000000' : '100000')).split(',').map(Number);
const formats = (process.env.BENCH_IMPORT_FORMATS ?? 'csv,xlsx').split(',') as Array<'csv' | 'xlsx'>;
const readers = 4;
const log = (s: string) => console.log(`import: ${s}`);

interface Figures {
  format: string; rows: number; fileMB: number; uploadMs: number; dryRunMs: number; importMs: number;
  importRowsPerSecond: number; indexedMs: number; endToEndRowsPerSecond: number; peakRssMB: number; rssBeforeMB: number; list: Latency; listFailures: number;
}

function rssMB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

export async function importBench(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await ensureDatabase(serverUrl, 'metadmin_bench_import');
  const app = await buildBenchApp(databaseUrl);
  await app.close();
  const plain = knexFactory({ client: 'pg', connection: databaseUrl });
  const server = await startServerProcess(databaseUrl);
  const pid = server.child.pid!;
  try {
    const signIn = await fetch(`${server.base}/api/Authenticate/SignIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'admin', Password: benchPassword }) });
    const session = (await signIn.json()) as { Session: { SessionId: string; InstanceId: string } };
    const headers = { authorization: `Bearer ${signIn.headers.get('x-auth-token')}`, 'session-id': session.Session.SessionId, 'instance-id': session.Session.InstanceId };
    const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${server.base}${url}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const formId = await benchForm(plain, call);
    const base = `/api/forms/${formId}/imports`;
    const results: Figures[] = [];
    for (const rows of sizes) {
      for (const format of formats) {
        const file = path.join(tmpdir(), `metadmin-bench-import-${rows}.${format}`);
        if (!existsSync(file)) {
          const writing = performance.now();
          await (format === 'csv' ? writeCsv(file, rows) : writeXlsx(file, rows));
          log(`${format} ${rows.toLocaleString('en-US')} rows written in ${((performance.now() - writing) / 1000).toFixed(1)} s`);
        }
        // Each run starts from an empty form, and the same file may be imported again.
        await plain.raw(`truncate form_records_${formId}`);
        await plain('import_jobs').where({ target: `form-${formId}` }).delete();
        const rssBeforeMB = rssMB(pid);
        let peakRssMB = rssBeforeMB;
        const sampler = setInterval(() => { peakRssMB = Math.max(peakRssMB, rssMB(pid)); }, 100);
        const uploading = performance.now();
        const form = new FormData();
        form.append('file', await openAsBlob(file), path.basename(file));
        const upload = await fetch(`${server.base}${base}`, { method: 'POST', headers, body: form });
        if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
        const job = (await upload.json()) as { ImportJobId: number; Mapping: unknown[] };
        const uploadMs = performance.now() - uploading;
        const waitFor = async (state: string) => {
          for (;;) {
            const now = await call<{ State: string; Message: string | null }>('GET', `${base}/${job.ImportJobId}`);
            if (now.State === state) return;
            if (!['Checking', 'Importing'].includes(now.State)) throw new Error(`import ended ${now.State}: ${now.Message}`);
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        };
        const checking = performance.now();
        await call('POST', `${base}/${job.ImportJobId}/check`, { Mapping: job.Mapping });
        await waitFor('Checked');
        const dryRunMs = performance.now() - checking;
        const indexCount = async () => Number((await plain.raw('select count(*) as n from pg_indexes where tablename = ?', [`form_records_${formId}`])).rows[0].n);
        const indexesBefore = await indexCount();
        let going = true;
        const listing = readWhile(server.base, headers, `/api/forms/${formId}/records?pageSize=50`, () => going);
        const importing = performance.now();
        await call('POST', `${base}/${job.ImportJobId}/start`, { Mode: 'skip' });
        await waitFor('Done');
        const importMs = performance.now() - importing;
        // A bulk load's indexes are built again after the import is done: the list is whole again when they are back.
        while (await indexCount() < indexesBefore) await new Promise((resolve) => setTimeout(resolve, 250));
        const indexedMs = performance.now() - importing;
        going = false;
        const during = await listing;
        clearInterval(sampler);
        const figures: Figures = {
          format, rows, fileMB: Math.round(statSync(file).size / 1024 / 102.4) / 10, uploadMs: Math.round(uploadMs), dryRunMs: Math.round(dryRunMs), importMs: Math.round(importMs),
          importRowsPerSecond: Math.round(rows / (importMs / 1000)), indexedMs: Math.round(indexedMs), endToEndRowsPerSecond: Math.round(rows / ((uploadMs + dryRunMs + importMs) / 1000)),
          peakRssMB: Math.round(peakRssMB), rssBeforeMB: Math.round(rssBeforeMB), list: latency(during.samples), listFailures: during.failures,
        };
        results.push(figures);
        log(`${format} ${rows.toLocaleString('en-US')} rows (${figures.fileMB} MB): upload ${(uploadMs / 1000).toFixed(1)} s, dry run ${(dryRunMs / 1000).toFixed(1)} s, import ${(importMs / 1000).toFixed(1)} s = ${figures.importRowsPerSecond.toLocaleString('en-US')} rows/s, list indexes back after ${(indexedMs / 1000).toFixed(1)} s (end to end ${figures.endToEndRowsPerSecond.toLocaleString('en-US')} rows/s); server RSS ${figures.rssBeforeMB} -> peak ${figures.peakRssMB} MB; list at ${readers} clients p50 ${ms(figures.list.p50).trim()} p99 ${ms(figures.list.p99).trim()} (${figures.list.n} calls, ${during.failures} failed)`);
        writeResults(`import${sizes.includes(1_000_000) ? '-million' : ''}`, { fields: importFields.length, clients: readers, batchRows: 1000, results });
      }
    }
  } finally {
    server.child.kill();
    await plain.destroy();
  }
}

/** The bench form (made once): 20 fields of the usual types, its two lookup lists' items named as the files name them. */
async function benchForm(plain: knexFactory.Knex, call: <T>(method: string, url: string, body?: unknown) => Promise<T>): Promise<number> {
  const existing = await plain('forms').where({ name: 'Bench Import' }).first('form_id');
  if (existing) return existing.form_id as number;
  const lists: Record<string, number> = {};
  for (const [name, items] of [['Category', ['Low', 'Medium', 'High']], ['Region', ['North', 'South', 'East', 'West']]] as const) {
    lists[name] = (await call<{ SimpleLookupTableId: number }>('POST', '/api/lookup-tables', { SystemName: `BenchImport${name}`, DisplayName: `Bench Import ${name}`, Description: null, IsActive: true, IsEditable: true })).SimpleLookupTableId;
    for (const item of items) await call('POST', `/api/simple-lookups/${lists[name]}/items`, { Name: item, Description: null, IsActive: true });
  }
  const { FormId } = await call<{ FormId: number }>('POST', '/api/forms', { Name: 'Bench Import', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true });
  for (const f of importFields) {
    await call('POST', '/api/formfields', {
      FormId, Name: f.name, ReportLabelText: f.name, FieldType: f.type, IsUdf: false, IsActive: true, StartDate: null, EndDate: null,
      AttributeValues: f.type === 'selectOne' ? { lookupListId: lists[f.name] } : {},
    });
  }
  return FormId;
}

/** `readers` clients reading the list back to back while `going()` holds. */
async function readWhile(base: string, headers: Record<string, string>, url: string, going: () => boolean): Promise<{ samples: number[]; failures: number }> {
  const get = httpGetter(base, headers, readers);
  const samples: number[] = [];
  let failures = 0;
  await Promise.all(Array.from({ length: readers }, async () => {
    while (going()) {
      const started = performance.now();
      const res = await get(url).catch(() => ({ status: 0 }));
      if (res.status !== 200) failures++;
      samples.push(performance.now() - started);
    }
  }));
  get.close();
  return { samples, failures };
}
