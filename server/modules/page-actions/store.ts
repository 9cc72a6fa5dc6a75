import type { Knex } from 'knex';
import { ownGrantsAction } from '../access/circle-grants.ts';
import type { PageAction, PageActions } from '../../../metadata/types/PageActions.ts';
import type { CircleAccessEntry } from '../../../engine/core/grid/actions.ts';
import type { Principal } from '../../types.ts';

/**
 * The circle id under which the grants of the user's own roles are given. Atomic circles (another module)
 * add entries of their own ids; rows without a circle id match any entry, so they match this one.
 */
export const ownRolesCircleId = 0;

const actionColumns = ['Type', 'Url', 'ButtonText', 'ActionId', 'ActionName', 'ColumnCss', 'ButtonCss', 'ParentActionId'];

/** The active row and set actions of a page, in their order (the page-action call). */
export async function pageActionsOf(db: Knex, accessPageId: number): Promise<PageActions> {
  const rows = (await db('page_actions')
    .where({ AccessPageId: accessPageId, IsActive: true })
    .orderBy([{ column: 'SortOrder' }, { column: 'ActionId' }])
    .select([...actionColumns, 'Scope'])) as Array<PageAction & { Scope: 'row' | 'set' }>;
  const strip = ({ Scope: _scope, ...action }: PageAction & { Scope: string }) => action;
  return {
    DataRowActions: rows.filter((r) => r.Scope === 'row').map(strip),
    DataSetActions: rows.filter((r) => r.Scope === 'set').map(strip),
  };
}

/**
 * SQL for the ids of a page's actions the user is granted, as an array: through an active role granted the
 * action (or its parent action), or any action to an administrator role; every action to the master user; and an
 * action standing for a route node (route_name: the user list's Edit is users.update) to whoever holds that node
 * under its module, so the role editor's route checkboxes are the grants of those actions.
 * Written against columns (or parameters) for the user, so the request's session check can answer it too.
 */
export function grantedActionIdsSql(db: Knex, userId: Knex.Raw | string, isMaster: Knex.Raw | string, accessPageId: number): Knex.Raw {
  const sqlOf = (value: Knex.Raw | string) => (typeof value === 'string' ? db.ref(value) : value);
  // A shipped page's actions stand for no built form's route (route_kind): module and screen are not needed.
  return db.raw(`array(select pa.action_id from page_actions pa
    where pa.access_page_id = :pageId and pa.is_active and ${ownGrantsAction}
    order by pa.action_id)`, { pageId: accessPageId, userId: sqlOf(userId), isMaster: sqlOf(isMaster), moduleName: null, screenId: null });
}

/** The ids of a page's actions the user is granted (see grantedActionIdsSql). */
export async function grantedActionIds(db: Knex, user: Pick<Principal, 'UserId' | 'IsMaster'>, accessPageId: number): Promise<number[]> {
  const sql = grantedActionIdsSql(db, db.raw('?::integer', [user.UserId]), db.raw('?::boolean', [user.IsMaster]), accessPageId);
  const { rows } = await db.raw('select ? as granted', [sql]);
  return (Object.values(rows[0])[0] as number[]).map(Number);
}

/**
 * A list answer's CircleAccess for the user on a page: the grants of the user's own roles, under
 * ownRolesCircleId. The request's session check already read them when its route names the page.
 */
export async function circleAccessFor(db: Knex, user: Pick<Principal, 'UserId' | 'IsMaster' | 'PageGrants'>, accessPageId: number | undefined): Promise<CircleAccessEntry[]> {
  if (accessPageId === undefined) return [];
  const ids = user.PageGrants?.pageId === accessPageId ? user.PageGrants.actionIds : await grantedActionIds(db, user, accessPageId);
  return ids.length ? [{ Key: ownRolesCircleId, Value: ids.join(',') }] : [];
}
