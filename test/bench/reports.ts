import { mkdtemp, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { benchPassword, buildBenchApp, ensureDatabase, startServerProcess } from './bench-servers.ts';
import { latency, ms } from './stats.ts';
import { writeResults } from './results.ts';

const tableRows = 2_000_000;
const repeat = Number(process.env.BENCH_REPEAT ?? 10);

/** The bench's report: numbered rows of one table, as many as the Rows parameter asks, with a total, groups and a chart. */
const definition = {
  FileName: 'bench-rows', ReportDispName: 'Bench rows', Description: '', Category: 'Bench', CategoryOrder: 99, DisplayOrder: 1, ShowHelpText: false, HelpText: '',
  Query: 'select id, category, amount, day from bench_report_rows where id <= cast(:Rows as integer)',
  Parameters: [{ Param: 'Rows', Title: 'Rows', ControlType: 0, DisplayOrder: 1 }],
  Columns: [
    { Name: 'Id', Title: 'Id', Type: 'number' }, { Name: 'Category', Title: 'Category', Type: 'string' },
    { Name: 'Amount', Title: 'Amount', Type: 'number', Total: 'sum' }, { Name: 'Day', Title: 'Day', Type: 'date' },
  ],
  GroupBy: 'Category',
  Chart: { Kind: 'bar', Title: 'Amount by category', Label: 'Category', Values: ['Amount'] },
};

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * `npm run bench reports`: a report over 100,000, 1,000,000 and 2,000,000 rows of one table on PostgreSQL
 * (`metadmin_bench_reports`, kept for the next run), through the real server in its own process: a run's first page and
 * a page deep inside (each run also counts, totals, groups and charts the whole result), the same pages alone (Summary
 * false: what paging and sorting ask), the chart's query alone, and a
 * full export to CSV and to XLSX with its time and the server's peak RSS while it streams (sampled every 100 ms).
 */
export async function reportsBench(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await ensureDatabase(serverUrl, 'metadmin_bench_reports');
  await (await buildBenchApp(databaseUrl)).close();
  const plain = knexFactory({ client: 'pg', connection: databaseUrl });
  const [{ count }] = (await plain.raw("select count(*)::int as count from information_schema.tables where table_name = 'bench_report_rows'")).rows;
  if (!count) {
    console.log(`reports: laying ${tableRows.toLocaleString('en-US')} rows`);
    await plain.raw(`create table bench_report_rows as select n as id, 'Category ' || (n % 12) as category, round((n % 997) * 1.25, 2)::numeric as amount,
      date '2020-01-01' + (n % 2000) as day from generate_series(1, ${tableRows}) as n`);
    await plain.raw('alter table bench_report_rows add primary key (id)');
    await plain.raw('analyze bench_report_rows');
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-reports-'));
  await writeFile(path.join(dir, 'bench-rows.json'), JSON.stringify(definition));
  Object.assign(process.env, { REPORTS_DIR: dir, REPORTS_TIMEOUT_SECONDS: '600' });
  const server = await startServerProcess(databaseUrl);
  const figures: Record<string, unknown> = {};
  try {
    const signIn = await fetch(`${server.base}/api/Authenticate/SignIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'admin', Password: benchPassword }) });
    const session = (await signIn.json()) as { Session: { SessionId: string } };
    const headers = { authorization: `Bearer ${signIn.headers.get('x-auth-token')}`, 'session-id': session.Session.SessionId, 'content-type': 'application/json' };
    const reportId = (await plain('reports').where({ file_name: 'bench-rows' }).first('report_id')).report_id as number;
    const post = (url: string, body: object) => fetch(`${server.base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    for (const rows of [100_000, 1_000_000, 2_000_000]) {
      const params = { Rows: String(rows) };
      const timedRun = async (page: number, Summary = true) => {
        const samples: number[] = [];
        for (let i = 0; i < repeat; i++) {
          const started = performance.now();
          const res = await post('/api/reports/run', { ReportId: reportId, Params: params, Page: page, PageSize: 50, Summary });
          if (!res.ok) throw new Error(`run: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
          samples.push(performance.now() - started);
        }
        return latency(samples);
      };
      const first = await timedRun(1);
      const deep = await timedRun(Math.floor(rows / 50 / 2));
      // What paging and sorting ask once the summary is in hand: the page alone.
      const nextPage = await timedRun(2, false);
      const deepOnly = await timedRun(Math.floor(rows / 50 / 2), false);
      const chartSamples: number[] = [];
      for (let i = 0; i < repeat; i++) {
        const started = performance.now();
        await plain.raw(`select category::text, coalesce(sum(amount), 0)::float8 from (${definition.Query.replace(':Rows', '?')}) r group by category order by category`, [String(rows)]);
        chartSamples.push(performance.now() - started);
      }
      const chart = latency(chartSamples);
      const exports: Record<string, unknown> = {};
      for (const format of ['csv', 'xlsx']) {
        const pid = server.child.pid!;
        const before = rssMiB(pid);
        let peak = before;
        const sampler = setInterval(() => { peak = Math.max(peak, rssMiB(pid)); }, 100);
        const started = performance.now();
        const res = await post(`/api/reports/export?format=${format}`, { ReportId: reportId, Params: params });
        if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
        let bytes = 0;
        const reader = res.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
        }
        clearInterval(sampler);
        const seconds = (performance.now() - started) / 1000;
        exports[format] = { seconds: Number(seconds.toFixed(2)), mib: Number((bytes / 1048576).toFixed(1)), rssBeforeMiB: Math.round(before), rssPeakMiB: Math.round(peak) };
        console.log(`reports: ${rows.toLocaleString('en-US').padStart(9)} rows ${format.padEnd(4)} export ${seconds.toFixed(1).padStart(6)} s, ${(bytes / 1048576).toFixed(1).padStart(6)} MiB, server RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MiB`);
      }
      console.log(`reports: ${rows.toLocaleString('en-US').padStart(9)} rows run (page, count, totals, groups, chart): first page p50 ${ms(first.p50)} p99 ${ms(first.p99)}; deep page p50 ${ms(deep.p50)} p99 ${ms(deep.p99)}; the chart's query alone p50 ${ms(chart.p50)} p99 ${ms(chart.p99)}; page alone (Summary false): page 2 p50 ${ms(nextPage.p50)} p99 ${ms(nextPage.p99)}, deep p50 ${ms(deepOnly.p50)} p99 ${ms(deepOnly.p99)} (n=${repeat})`);
      figures[String(rows)] = { firstPage: first, deepPage: deep, pageAlone: nextPage, deepPageAlone: deepOnly, chartQuery: chart, exports };
    }
    await writeResults('reports', figures);
  } finally {
    server.child.kill('SIGTERM');
    await plain.destroy();
  }
}
