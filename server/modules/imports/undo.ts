import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import type { Principal } from '../../types.ts';
import { auditImport } from './runner.ts';
import { readJob } from './jobs.ts';
import type { ImportTarget } from './target.ts';

/**
 * Deletes the records an import wrote, while nothing else changed them since: every one must still be there at the
 * version it was written with (an update, a deactivation or a delete moves or removes it; a user who signed in or used
 * the activation link counts as changed: target.undo), else nothing is deleted
 * (409 saying how many changed). The table is held against writes between the check and the delete.
 */
export async function undoImport(db: Knex, jobId: number, target: ImportTarget, principal: Principal): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('import_jobs').where({ ImportJobId: jobId }).forUpdate().first('ImportJobId');
    const job = (await readJob(trx, jobId))!;
    if (!['Done', 'Cancelled'].includes(job.State) || job.Imported === 0) throw HttpError.of(409, 'This import has no records to undo.', null, 'NothingToUndo');
    const { table, idColumn, changedSince, noun } = target.undo;
    await trx.raw('lock table ?? in share row exclusive mode', [table]);
    const changed = await trx.raw(
      `select count(*)::int as "Count" from import_batches b cross join unnest(b.record_ids) as r(id)
       left join ?? t on t.?? = r.id where b.import_job_id = ? and (t.?? is null or ${changedSince})`, [table, idColumn, jobId, idColumn]);
    const count = (changed.rows[0] as { Count: number }).Count;
    if (count > 0) {
      const what = noun === 'users' ? `${count === 1 ? 'was' : 'were'} changed, deleted or signed in since` : `${count === 1 ? 'was' : 'were'} changed or deleted since`;
      throw HttpError.of(409, `This import cannot be undone: ${count} of its ${noun} ${what}.`, null, 'ChangedSince');
    }
    await trx.raw('delete from ?? t using import_batches b where b.import_job_id = ? and t.?? = any(b.record_ids)', [table, jobId, idColumn]);
    await trx('import_jobs').where({ ImportJobId: jobId }).update({ State: 'Undone', UndoneDate: trx.fn.now(), UndoneBy: principal.UserName });
    await auditImport(trx, job, target, 'undo import', principal);
  });
}
