import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { FileStorage } from './storage.ts';

/**
 * Removes the files no record names ('orphans': uploaded for a form that was never saved, or replaced) once they
 * are older than the grace period, with their bytes (on disk or in PostgreSQL). Files stored before uploads
 * named their module (files.module null) are kept: nothing says what they were for. The active client logo
 * is kept whatever names it, since the sign-in page shows it. Answers the names removed.
 */
export async function sweepOrphanFiles(db: Knex, storage: FileStorage, graceSeconds: number): Promise<string[]> {
  // The row goes first, in one statement that checks again that nothing names it (a save may have attached it
  // meanwhile); the bytes follow. Bytes left by a crash between the two are unreachable: no row names them.
  const removed: Array<{ FileName: string }> = await db('files')
    .whereNotNull('Module')
    .where('CreatedDate', '<', db.raw(`now() - (?::double precision * interval '1 second')`, [graceSeconds]))
    .whereNot((q) => q.where('Kind', 'clientlogo').where('IsActive', true))
    .whereNotExists((q) => q.select(db.raw('1')).from('file_references').whereRaw('file_references.file_name = files.file_name'))
    .delete()
    .returning('FileName');
  for (const { FileName } of removed) await storage.remove(FileName);
  return removed.map((r) => r.FileName);
}

/** The sweep on start and then periodically (never keeping the process alive), on every server process. */
export function scheduleOrphanSweep(app: FastifyInstance, storage: FileStorage, graceSeconds: number): void {
  const everyMs = Math.max(60_000, Math.min(graceSeconds * 1000, 3600_000));
  const sweep = () => sweepOrphanFiles(app.db, storage, graceSeconds)
    .then((removed) => { if (removed.length) app.log.info({ removed: removed.length }, 'removed orphan files'); })
    .catch((error: unknown) => app.log.error({ err: error }, 'orphan file sweep failed'));
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const run = () => { running = running.then(sweep); };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  // A sweep under way finishes before the database closes.
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
