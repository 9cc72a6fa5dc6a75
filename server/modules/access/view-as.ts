import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import type { Principal } from '../../types.ts';
import { moduleAccessOf } from './effective-access.ts';

/** The request header naming the user an administrator views the product as. */
export const viewAsHeader = 'x-view-as';

export const viewAsMessages = {
  readOnly: 'You are viewing as another user: stop viewing to make changes.',
  unknownUser: 'The user to view as does not exist.',
  noAccess: (userName: string) => `${userName} does not have permission to this page.`,
};

/**
 * 'View as': an administrator (a holder of module Role) reads lists, records and screens as another user would,
 * through the same evaluator: that user's module and route access, row rule and field mask. Reading only (a GET, or
 * a call that only reads, such as a print); a write with the header is refused, so nothing is ever done in another
 * user's name.
 */
export async function viewedAs(db: Knex, viewer: Principal, targetText: string, reading: boolean, module: string | null, route?: string): Promise<Principal> {
  if (!reading) throw HttpError.of(400, viewAsMessages.readOnly, null, 'ViewAsReadOnly');
  if (!viewer.IsMaster && !(await moduleAccessOf(db, viewer.UserId, 'Role')).holdsModule) throw HttpError.of(403, "You don't have permission to this page.");
  const targetId = Number(targetText);
  const target = Number.isInteger(targetId) && targetId > 0
    ? await db('users').where({ UserId: targetId }).first('UserId', 'UserName', 'IsMaster')
    : undefined;
  if (!target) throw HttpError.of(400, viewAsMessages.unknownUser, null, 'ViewAsUnknownUser');
  const as = { ...viewer, UserId: target.UserId as number, UserName: target.UserName as string, IsMaster: Boolean(target.IsMaster), PageGrants: undefined, ViewedBy: viewer.UserName };
  if (!module) return { ...as, Access: undefined };
  if (as.IsMaster) return { ...as, Access: { module, viewAllRecords: true, deniedFields: [], readOnlyFields: [] } };
  const access = await moduleAccessOf(db, target.UserId, module, route ?? null);
  if (!access.holdsModule || !access.holdsRoute) throw HttpError.of(403, viewAsMessages.noAccess(as.UserName), null, 'ViewAsNoAccess');
  return { ...as, Access: { module, viewAllRecords: access.viewAllRecords, deniedFields: access.deniedFields, readOnlyFields: access.readOnlyFields } };
}
