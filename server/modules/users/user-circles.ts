import type { Knex } from 'knex';
import type { Principal } from '../../types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';

type Row = Record<string, unknown>;

/** The atomic circles a user is a member of beyond their owner circle (user_circles), by id. */
export async function userCircleIdsOf(db: Knex, userId: number): Promise<number[]> {
  const rows: Array<{ AtomicCircleId: number }> = await db('user_circles').where({ UserId: userId }).orderBy('AtomicCircleId').select('AtomicCircleId');
  return rows.map((r) => Number(r.AtomicCircleId));
}

/**
 * A user's circles, checked before the row is written (users.json gates both fields behind AggregateCircleManagement):
 * the owner circle sent must be an active atomic circle (one already held may stay though deactivated since), and each
 * extra circle must exist.
 */
export async function checkUserCircles(trx: Knex, values: Row, existing?: Row): Promise<void> {
  // The select's 'Please Select' (-1) chooses none: a new user gets the creator's circle, a saved one keeps theirs.
  if (typeof values.OwnerAtomicCircleId === 'number' && values.OwnerAtomicCircleId < 1) delete values.OwnerAtomicCircleId;
  const ownerId = values.OwnerAtomicCircleId as number | undefined;
  const extra = values.AtomicCircleIds as number[] | undefined;
  const problems: ErrorItem[] = [];
  if (ownerId !== undefined) {
    const circle = await trx('atomic_circles').where({ AtomicCircleId: ownerId }).first('IsActive');
    if (!circle || (!circle.IsActive && existing?.OwnerAtomicCircleId !== ownerId)) problems.push({ PropertyName: 'OwnerAtomicCircleId', ErrorMessage: `The circle ${ownerId} does not exist or is inactive.`, ErrorCode: 'UnknownCircle' });
  }
  if (extra?.length) {
    const found = new Set((await trx('atomic_circles').whereIn('AtomicCircleId', extra).select('AtomicCircleId')).map((r: Row) => Number(r.AtomicCircleId)));
    for (const id of extra.filter((x) => !found.has(x))) problems.push({ PropertyName: 'AtomicCircleIds', ErrorMessage: `The circle ${id} does not exist.`, ErrorCode: 'UnknownCircle' });
  }
  if (problems.length) throw new HttpError(400, problems);
}

/** Writes a user's extra circles, in the save's transaction; a user created without an owner circle gets the creating user's own. */
export async function saveUserCircles(trx: Knex, saved: Row, values: Row, mode: 'create' | 'update', creator: Principal): Promise<void> {
  const userId = saved.UserId as number;
  const extra = values.AtomicCircleIds as number[] | undefined;
  if (mode === 'create' && values.OwnerAtomicCircleId === undefined) {
    const own = await trx('users').where({ UserId: creator.UserId }).first('OwnerAtomicCircleId');
    if (own) {
      await trx('users').where({ UserId: userId }).update({ OwnerAtomicCircleId: own.OwnerAtomicCircleId });
      // The answer and the audit entry are made from the saved row: it says where the user now is.
      saved.OwnerAtomicCircleId = own.OwnerAtomicCircleId;
    }
  }
  if (extra) {
    await trx('user_circles').where({ UserId: userId }).delete();
    if (extra.length) await trx('user_circles').insert(extra.map((AtomicCircleId) => ({ UserId: userId, AtomicCircleId })));
  }
}
