import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { writeAuditEntry } from '../../lib/crud/audit.ts';
import type { Principal } from '../../types.ts';
import type { FileStorage } from '../files/storage.ts';
import { fileRows, type FileRow } from './read-rows.ts';
import type { CheckedRow, FormImportTarget, ImportTarget } from './target.ts';
import { targetOfJob } from './targets.ts';
import { startBulkLoad } from './bulk-load.ts';
import { listedErrors, readJob, type ImportJobRow, type RowError } from './jobs.ts';

/** A job whose runner stopped renewing its lease this long ago (a process that died) is claimed by another. */
const leaseSeconds = 60;

class Cancelled extends Error {}
class BadRowInAll extends Error {}

export interface ImportRunner {
  /** Runs a job's dry run or import in the background (it may already run here or elsewhere: then nothing happens). */
  run(jobId: number): void;
  /** Resolves when the job's run in this process has ended (tests). */
  settled(jobId: number): Promise<void>;
}

/**
 * Imports run as rows (DESIGN "Background work is rows"): a job is claimed with FOR UPDATE SKIP LOCKED and a lease its
 * heartbeat renews, so exactly one process runs it; a job left 'Checking' or 'Importing' by a stopped server is claimed
 * again on start (its lease lapsed) and resumes: a dry run from the top, an import after its last committed batch.
 */
export function importRunner(app: FastifyInstance, storage: FileStorage): ImportRunner {
  const me = randomUUID();
  const running = new Map<number, Promise<void>>();
  let stopping = false;
  const run = (jobId: number) => {
    if (running.has(jobId) || stopping) return;
    const job = runJob(app, storage, me, jobId, () => stopping)
      .catch((error: unknown) => app.log.error({ err: error, jobId }, 'an import failed'))
      .finally(() => running.delete(jobId));
    running.set(jobId, job);
  };
  app.addHook('onReady', async () => {
    const open: Array<{ ImportJobId: number }> = await app.db('import_jobs').whereIn('State', ['Checking', 'Importing']).select('ImportJobId');
    for (const { ImportJobId } of open) run(ImportJobId);
  });
  app.addHook('preClose', async () => {
    stopping = true;
    await Promise.all(running.values());
  });
  return { run, settled: async (jobId) => { await running.get(jobId); } };
}

/** Claims the job for this process: no other holds a live lease on it. */
async function claim(db: Knex, me: string, jobId: number): Promise<ImportJobRow | null> {
  return db.transaction(async (trx) => {
    const job: ImportJobRow | undefined = await trx('import_jobs').where({ ImportJobId: jobId }).whereIn('State', ['Checking', 'Importing'])
      .where((q) => q.whereNull('ClaimedBy').orWhere('ClaimedBy', me).orWhere('Heartbeat', '<', trx.raw(`now() - interval '${leaseSeconds} seconds'`)))
      .forUpdate().skipLocked().first();
    if (!job) return null;
    await trx('import_jobs').where({ ImportJobId: jobId }).update({ ClaimedBy: me, Heartbeat: trx.fn.now() });
    return job;
  });
}

async function runJob(app: FastifyInstance, storage: FileStorage, me: string, jobId: number, stopping: () => boolean): Promise<void> {
  const db = app.db;
  const job = await claim(db, me, jobId);
  if (!job) return;
  const release = () => db('import_jobs').where({ ImportJobId: jobId, ClaimedBy: me }).update({ ClaimedBy: null });
  try {
    const target = await targetOfJob(app, db, job);
    if (!target) throw new Error('The form of this import no longer exists or is inactive.');
    if (job.State === 'Checking') await dryRun(app, storage, job, target, stopping);
    else await importRows(app, storage, job, target, stopping);
  } catch (error) {
    if (error instanceof Cancelled) await finishCancelled(app, db, job);
    else if (!stopping()) await db('import_jobs').where({ ImportJobId: jobId }).update({ State: 'Failed', Message: (error as Error).message, FinishedDate: db.fn.now() });
  } finally {
    await release();
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => (ms ? setTimeout(resolve, ms) : setImmediate(resolve)));

/** The data rows of the job's file (after the header), from `from` on. */
async function* dataRows(storage: FileStorage, job: ImportJobRow, from = 2): AsyncGenerator<FileRow> {
  for await (const row of fileRows(job.FileKind, storage.read(job.FileName))) {
    if (row.number >= from && row.number > 1) yield row;
  }
}

/** A row's errors as the dry run lists them: the field's label (the form's title for it) beside the message. */
function rowErrors(target: ImportTarget, row: FileRow, checked: CheckedRow): RowError[] {
  return checked.errors.map((e) => ({
    Row: row.number, PropertyName: e.PropertyName, Field: (e.PropertyName && target.fields.find((f) => f.Field === e.PropertyName)?.Title) || e.PropertyName, Message: e.ErrorMessage,
  }));
}

async function cancelAsked(db: Knex, jobId: number): Promise<boolean> {
  const row = await db('import_jobs').where({ ImportJobId: jobId }).first('CancelRequested');
  return Boolean(row?.CancelRequested);
}

/** Every row checked, nothing written: the bad rows counted and the first of them listed. */
async function dryRun(app: FastifyInstance, storage: FileStorage, job: ImportJobRow, target: ImportTarget, stopping: () => boolean): Promise<void> {
  const db = app.db;
  const check = await target.checker(db, job.Mapping);
  const errors: RowError[] = [];
  let total = 0;
  let bad = 0;
  const progress = async () => {
    await db('import_jobs').where({ ImportJobId: job.ImportJobId }).update({ CheckedRows: total, BadRows: bad, Heartbeat: db.fn.now() });
    if (await cancelAsked(db, job.ImportJobId)) throw new Cancelled();
  };
  for await (const row of dataRows(storage, job)) {
    if (stopping()) return;
    total++;
    const checked = await check(row);
    if (checked.errors.length) {
      bad++;
      if (errors.length < listedErrors) errors.push(...rowErrors(target, row, checked).slice(0, listedErrors - errors.length));
    }
    if (total % 5000 === 0) await progress();
  }
  await db('import_jobs').where({ ImportJobId: job.ImportJobId }).update({
    State: 'Checked', TotalRows: total, CheckedRows: total, BadRows: bad, Errors: JSON.stringify(errors),
  });
}

/**
 * One batch written: its records inserted in one statement, their ids kept for undo, the job's progress moved on. The
 * progress goes through `progress`: the batch's own transaction ('skip'), or, in an 'all' import's long transaction,
 * another connection (so the job's row is never held locked against a cancel; null on PGlite's one connection).
 */
async function writeBatch(trx: Knex, progress: Knex | null, job: ImportJobRow, target: ImportTarget, rows: Array<Record<string, unknown>>, first: number, last: number, skipped: number) {
  const ids = await target.write(trx, rows, { UserId: job.RequestedById, UserName: job.RequestedBy });
  await trx('import_batches').insert({ ImportJobId: job.ImportJobId, FirstRow: first, LastRow: last, RecordIds: ids });
  await progress?.('import_jobs').where({ ImportJobId: job.ImportJobId }).update({
    Imported: progress.raw('?? + ?', ['Imported', ids.length]), Skipped: progress.raw('?? + ?', ['Skipped', skipped]), NextRow: last + 1, Heartbeat: progress.fn.now(),
  });
  return ids;
}

/**
 * The rows written in batches. 'skip': a transaction per batch, bad rows passed over and counted, a cancel keeps what was
 * committed (and a later start resumes after it). 'all': one transaction for the whole file, so a bad row or a cancel
 * leaves nothing written. Either way every row is checked again as it is written (a lookup item may have gone since).
 */
async function importRows(app: FastifyInstance, storage: FileStorage, job: ImportJobRow, target: ImportTarget, stopping: () => boolean): Promise<void> {
  const db = app.db;
  const { importBatchRows: batchRows, importBatchPauseMs: pauseMs } = app.config;
  const all = job.Mode === 'all';
  const onPg = db.client.config.client === 'pg';
  const work = async (trx: Knex) => {
    const check = await target.checker(trx, job.Mapping);
    let batch: Array<Record<string, unknown>> = [];
    let first = job.NextRow;
    let skipped = 0;
    let last = first - 1;
    const totals = { imported: 0, skipped: 0 };
    // One batch is written while the next is read and checked (the database's work and this process's overlap); batches
    // are still written one at a time and in order, so what is committed is always the file's rows up to a point.
    let writing: Promise<void> | null = null;
    const written = async () => {
      if (!writing) return;
      const previous = writing;
      writing = null;
      await previous;
      if ((!all || onPg) && await cancelAsked(db, job.ImportJobId)) throw new Cancelled();
      await pause(pauseMs);
    };
    const flush = async () => {
      if (last < first) return;
      const [rows, from, to, passed] = [batch, first, last, skipped];
      batch = [];
      skipped = 0;
      first = last + 1;
      await written();
      writing = (async () => {
        if (all) totals.imported += (await writeBatch(trx, onPg ? db : null, job, target, rows, from, to, passed)).length;
        else {
          const ids = await db.transaction((t) => writeBatch(t, t, job, target, rows, from, to, passed));
          target.afterCommit?.(app, ids);
        }
        totals.skipped += passed;
      })();
      // Its failure is met when it is awaited (before the next batch, or at the end).
      writing.catch(() => undefined);
    };
    for await (const row of dataRows(storage, job, job.NextRow)) {
      if (stopping() && !all) {
        await written();
        return false;
      }
      const checked = await check(row);
      last = row.number;
      if (checked.values) batch.push(checked.values);
      else if (all) {
        await written().catch(() => undefined);
        throw new BadRowInAll(`Nothing was imported: row ${row.number} has errors (${rowErrors(target, row, checked).map((e) => `${e.Field}: ${e.Message}`).join(' ')})`);
      } else skipped++;
      if (batch.length + skipped >= batchRows) await flush();
    }
    await flush();
    await written();
    // An 'all' import's counts are the transaction's own: set in it, they commit with its records or not at all.
    if (all) await trx('import_jobs').where({ ImportJobId: job.ImportJobId }).update({ Imported: totals.imported, Skipped: totals.skipped, NextRow: last + 1 });
    return true;
  };
  let finished: boolean;
  // A built form's table loads in bulk; the users' table (whose indexes its migrations own) never does.
  const formTable = 'formId' in target ? (target as FormImportTarget) : null;
  const endBulkLoad = await startBulkLoad(db, formTable, job.TotalRows ?? 0, app.config.importBulkRows, app.log);
  try {
    finished = all ? await db.transaction(async (trx) => work(trx)) : await work(db);
  } catch (error) {
    // An 'all' import that ends without committing wrote nothing: its progress, counted outside its transaction, goes too.
    if (all) await db('import_jobs').where({ ImportJobId: job.ImportJobId }).update({ Imported: 0, Skipped: 0, NextRow: 2 });
    throw error;
  } finally {
    endBulkLoad();
  }
  if (!finished) return;
  // An 'all' import's records exist once its one transaction committed: only then are they announced (a user's e-mail).
  if (all && target.afterCommit) target.afterCommit(app, await importedIds(db, job.ImportJobId));
  await db.transaction(async (trx) => {
    const done = (await readJob(trx, job.ImportJobId))!;
    await trx('import_jobs').where({ ImportJobId: job.ImportJobId }).update({ State: 'Done', FinishedDate: trx.fn.now() });
    await auditImport(trx, done, target);
  });
  await storage.remove(job.FileName);
}

/** The import's one audit entry: who, the file, the form, and how many records it wrote and passed over. */
export async function auditImport(trx: Knex, job: ImportJobRow, target: Pick<ImportTarget, 'id' | 'label'>, action: 'import' | 'undo import' = 'import', by?: Principal): Promise<void> {
  await writeAuditEntry(trx, {
    entity: 'imports', recordId: job.ImportJobId, action,
    principal: by ?? ({ UserId: job.RequestedById, UserName: job.RequestedBy } as Principal),
    changes: [
      { Field: 'File', Old: null, New: job.UserFileName },
      { Field: 'Form', Old: null, New: target.label },
      { Field: 'Records', Old: action === 'import' ? null : job.Imported, New: action === 'import' ? job.Imported : 0 },
      { Field: 'Skipped', Old: null, New: job.Skipped },
    ],
  });
}

/** A cancelled job: what a 'skip' import committed stays (and is audited, and can be undone); a dry run just stops. */
async function finishCancelled(app: FastifyInstance, db: Knex, job: ImportJobRow): Promise<void> {
  await db.transaction(async (trx) => {
    const now = (await readJob(trx, job.ImportJobId))!;
    await trx('import_jobs').where({ ImportJobId: job.ImportJobId }).update({ State: 'Cancelled', CancelRequested: false, FinishedDate: trx.fn.now() });
    if (now.Imported > 0) {
      const target = await targetOfJob(app, trx, job);
      if (target) await auditImport(trx, now, target);
    }
  });
}

/** The ids of the records an import wrote, from its batches. */
async function importedIds(db: Knex, jobId: number): Promise<number[]> {
  const batches: Array<{ RecordIds: number[] }> = await db('import_batches').where({ ImportJobId: jobId }).orderBy('FirstRow').select('RecordIds');
  return batches.flatMap((b) => b.RecordIds.map(Number));
}
