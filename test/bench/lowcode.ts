import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import knexFactory from 'knex';
import pg from 'pg';
import { hashPassword } from '../../server/lib/password.ts';
import { searchTimeoutMs } from '../../server/lib/list/run-list.ts';
import { ensureRecordIndexes } from '../../server/modules/forms/record-indexes.ts';
import { recordTableName } from '../../server/modules/forms/definition-sync.ts';
import { benchPassword, buildBenchApp, startServerProcess, type BenchServer } from './bench-servers.ts';
import { captureSql, clients, signedInGetter } from './grid.ts';
import { ms } from './stats.ts';
import { changeRepetitions, databaseName, existingBenchForm, fields, formName, inProcessSession, layBenchForm, log, metadataRepetitions, othersLoad, perClient, resultsFile, rows, seconds } from './lowcode-data.ts';
import { gridScenarios } from './lowcode-grid.ts';
import { definitionChanges, metadataFigures, summary } from './lowcode-changes.ts';
import { typeChangeFigures } from './lowcode-type-change.ts';
import { sessionCheckFigures } from './lowcode-session.ts';

/** The parts to run (BENCH_PARTS, comma-separated; all when unset): grid, metadata, changes, typechange, session. */
const parts = new Set((process.env.BENCH_PARTS ?? 'grid,metadata,changes,typechange,session').split(','));

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
  // The list's statements run directly are stopped after the list's search timeout, as the server stops them.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients, statement_timeout: searchTimeoutMs });
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
    if (parts.has('grid')) {
      const grid = await gridScenarios(formId, plain, pool, signedIn.api, server.child.pid, capture, admin);
      results.grid = grid.map(({ statements, ...rest }) => ({ ...rest, listSql: statements }));
      save();
    }
    if (parts.has('typechange')) {
      const typeLoad = othersLoad();
      results.typeChange = await typeChangeFigures(app, formId, admin, plain, signedIn.api);
      results.typeChangeOthersCores = typeLoad();
      log(`type change: other processes kept ${(results.typeChangeOthersCores as number).toFixed(2)} of 2 cores busy meanwhile`);
      save();
    }

    if (parts.has('session')) {
      results.sessionCheck = await sessionCheckFigures(app, formId, plain, pool);
      save();
    }
    if (parts.has('metadata')) {
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
    }
    if (parts.has('changes')) {
      log(`definition changes on the ${rows.toLocaleString('en-US')}-record form, wall clock per call, ${changeRepetitions} repetitions each (target under 1 s; a rename under 100 ms)`);
      const changesLoad = othersLoad();
      const { changes, renames } = await definitionChanges(formId, admin, plain);
      const changesOthersCores = changesLoad();
      log(`change: other processes kept ${changesOthersCores.toFixed(2)} of 2 cores busy meanwhile`);
      results.definitionChanges = { othersCores: changesOthersCores, changes, renames };
      for (const c of changes) {
        const target = c.targetMs ?? 1000;
        const over = c.runsMs.some((t) => t >= target) ? `  OVER ${ms(target).trim()}` : '';
        log(`change: ${c.change.padEnd(42)} ${c.runsMs.map((t) => ms(t)).join(' ')}${over}`);
        log(`change:   ${''.padEnd(40)} (${c.what})`);
      }
    }
    results.totalSeconds = (performance.now() - started) / 1000;
    save();
    log(`wrote ${resultsFile.pathname}; the whole run took ${seconds(started)} s`);
  } finally {
    for (const close of closers) close();
    for (const s of servers) s.child.kill('SIGTERM');
    await pool.end();
    await plain.destroy();
    await app.close();
  }
}
