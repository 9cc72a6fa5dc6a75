import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import type { FileStorage } from '../files/storage.ts';
import { reportBatches, reportFile, type ExportFormat } from './export.ts';
import { generatedAt, givenParameters } from './export-pdf.ts';
import { reportRunBy } from './form-report-sql.ts';
import type { WireValue } from './params.ts';
import { readOnly, type ReportSettings } from './reports-db.ts';
import { reportStatement, type Sort } from './run.ts';
import { failureText } from './schedule-send.ts';
import { heartbeatSeconds, interruptedMessage } from './export-job-store.ts';

/** What running an export job needs: the app's database (the job rows), the reports database, its settings, file storage. */
export interface ExportJobContext {
  db: Knex; reportsDb: Knex; settings: ReportSettings; storage: FileStorage;
  /** The jobs this process runs, by id: a cancel here stops the reading at once (from another process, at the next progress write). */
  jobs: Map<number, { abort: AbortController; done: Promise<void> }>;
}

export interface ExportJobRequest { ReportId: number; Params?: Record<string, WireValue>; Sorts?: Sort[]; Format: ExportFormat }

/** Progress is written at most this often (a million rows are a thousand batches). */
const progressEveryMs = 500;

/** The reason a job stops when its server closes: it is failed as interrupted, not cancelled. */
const shutdown = new Error('shutdown');

/**
 * Starts an export as a job of its user and answers its id at once; the file is made in the background. Everything a
 * request could get wrong (the report not granted, a parameter, a sort) is checked first, so it is a 400/404 now and
 * not a failed job later.
 */
export async function startExportJob(ctx: ExportJobContext, userId: number, request: ExportJobRequest): Promise<number> {
  const { report, def, bindingsFor } = await reportRunBy(ctx.db, userId, request.ReportId);
  const bindings = bindingsFor(request.Params);
  const sorts = request.Sorts ?? [];
  reportStatement(def, sorts);
  const now = new Date();
  const userFileName = `${report.FileName}-${now.toISOString().slice(0, 10)}.${request.Format}`;
  const [{ ExportId }] = await ctx.db('report_exports').insert({
    UserId: userId, ReportId: request.ReportId, Format: request.Format, UserFileName: userFileName,
    Request: JSON.stringify({ Params: request.Params ?? {}, Sorts: sorts }),
  }).returning('ExportId');
  const heading = { title: def.ReportDispName, parameters: givenParameters(def, request.Params), generated: generatedAt(now) };
  const abort = new AbortController();
  const work = async () => {
    const total = await readOnly(ctx.reportsDb, ctx.settings.timeoutSeconds, async (trx) => {
      const { from } = reportStatement(def, sorts);
      const [row] = (await trx.raw(`select count(*)::float8 as n from ${from}`, bindings as Knex.ValueDict)).rows as Array<{ N: number }>;
      return row.N;
    });
    // Cancelled (or the server closing) while counting: no batch is read at all.
    if (abort.signal.aborted) throw abort.signal.reason;
    await ctx.db('report_exports').where({ ExportId }).update({ RowsTotal: total });
    const batches = progressOf(ctx.db, ExportId, reportBatches({ db: ctx.reportsDb, def, bindings, sorts, timeoutSeconds: ctx.settings.timeoutSeconds }), abort.signal);
    const temp = await ctx.storage.tempPath();
    try {
      await pipeline(reportFile(request.Format, def, batches.rows, heading, ctx.settings.sheetRows), createWriteStream(temp), { signal: abort.signal });
      const name = ctx.storage.newName(request.Format);
      await ctx.storage.commit(temp, name);
      const bytes = await ctx.storage.size(name);
      const kept = await ctx.db('report_exports').where({ ExportId, Status: 'running' })
        .update({ Status: 'done', FileName: name, Bytes: bytes, RowsDone: batches.count.rows, FinishedAt: ctx.db.fn.now() }).returning('ExportId');
      if (!kept.length) await ctx.storage.remove(name); // cancelled from another process at the last moment
    } finally {
      await ctx.storage.discard(temp);
    }
  };
  const done = runWithHeartbeat(ctx.db, ExportId, work, abort).finally(() => ctx.jobs.delete(ExportId));
  ctx.jobs.set(ExportId, { abort, done });
  return ExportId;
}

async function runWithHeartbeat(db: Knex, exportId: number, work: () => Promise<void>, abort: AbortController): Promise<void> {
  const beat = setInterval(() => void db('report_exports').where({ ExportId: exportId, Status: 'running' }).update({ HeartbeatAt: db.fn.now() }).catch(() => {}), heartbeatSeconds * 1000);
  beat.unref();
  try {
    await work();
  } catch (error) {
    const cancelled = abort.signal.aborted && abort.signal.reason !== shutdown;
    const why = abort.signal.reason === shutdown ? interruptedMessage : failureText(error);
    await db('report_exports').where({ ExportId: exportId, Status: 'running' })
      .update({ Status: cancelled ? 'cancelled' : 'failed', Error: cancelled ? null : why, FinishedAt: db.fn.now() })
      .catch(() => {});
  } finally {
    clearInterval(beat);
  }
}

/**
 * The batches, counted, with the count written to the job now and then. A write that finds the job no longer running
 * (cancelled from any process) stops the reading.
 */
function progressOf(db: Knex, exportId: number, batches: AsyncIterable<Array<Record<string, unknown>>>, signal: AbortSignal) {
  const count = { rows: 0 };
  async function* rows() {
    let written = Date.now();
    for await (const batch of batches) {
      if (signal.aborted) throw signal.reason;
      count.rows += batch.length;
      yield batch;
      if (Date.now() - written >= progressEveryMs) {
        written = Date.now();
        const still = await db('report_exports').where({ ExportId: exportId, Status: 'running' }).update({ RowsDone: count.rows, HeartbeatAt: db.fn.now() }).returning('ExportId');
        if (!still.length) throw new Error('cancelled');
      }
    }
  }
  return { rows: rows(), count };
}

/** Cancels a running job (this process stops it at once; another process's at its next progress write). */
export async function cancelExportJob(ctx: ExportJobContext, exportId: number): Promise<boolean> {
  const changed = await ctx.db('report_exports').where({ ExportId: exportId, Status: 'running' })
    .update({ Status: 'cancelled', FinishedAt: ctx.db.fn.now() }).returning('ExportId');
  ctx.jobs.get(exportId)?.abort.abort(new Error('cancelled'));
  return changed.length > 0;
}

/** Stops this process's jobs as its server closes (they are failed as interrupted) and waits for them to let go. */
export async function stopExportJobs(ctx: ExportJobContext): Promise<void> {
  const jobs = [...ctx.jobs.values()];
  for (const job of jobs) job.abort.abort(shutdown);
  await Promise.all(jobs.map((job) => job.done));
}

