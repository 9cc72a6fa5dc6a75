import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import type { Principal } from '../../types.ts';
import { auditImport } from './runner.ts';
import { readJob } from './jobs.ts';
import type { ImportTarget } from './target.ts';

/**
 * Deletes the records an import wrote, while nothing else changed them since: every one must still be there at the
 * version it was written with (an update, a deactivation or a delete moves or removes it), else nothing is deleted
 * (409 saying how many changed). The table is held against writes between the check and the delete.
 */
export async function undoImport(db: Knex, jobId: number, target: ImportTarget, principal: Principal): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('import_jobs').where({ ImportJobId: jobId }).forUpdate().first('ImportJobId');
    const job = (await readJob(trx, jobId))!;
    if (!['Done', 'Cancelled'].includes(job.State) || job.Imported === 0) throw HttpError.of(409, 'This import has no records to undo.', null, 'NothingToUndo');
    await trx.raw('lock table ?? in share row exclusive mode', [target.table]);
    const changed = await trx.raw(
      `select count(*)::int as "Count" from import_batches b cross join unnest(b.record_ids) as r(id)
       left join ?? t on t.record_id = r.id where b.import_job_id = ? and (t.record_id is null or t.row_version <> 1)`, [target.table, jobId]);
    const count = (changed.rows[0] as { Count: number }).Count;
    if (count > 0) {
      throw HttpError.of(409, `This import cannot be undone: ${count} of its records ${count === 1 ? 'was' : 'were'} changed or deleted since.`, null, 'ChangedSince');
    }
    await trx.raw('delete from ?? t using import_batches b where b.import_job_id = ? and t.record_id = any(b.record_ids)', [target.table, jobId]);
    await trx('import_jobs').where({ ImportJobId: jobId }).update({ State: 'Undone', UndoneDate: trx.fn.now(), UndoneBy: principal.UserName });
    await auditImport(trx, job, target, 'undo import', principal);
  });
}
