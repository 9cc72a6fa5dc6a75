import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import type { ReportDefinition } from './definition.ts';
import { moduleAccessOf } from '../access/effective-access.ts';

/**
 * The reports one user may run: not retired, and the user's roles (or overrides) grant its node. Built on
 * user_node_access, the same answer as every other node check.
 */
const runnable = (db: Knex, userId: number) => db('reports as r')
  .join('permission_nodes as n', 'n.NodeId', 'r.NodeId')
  .joinRaw('cross join lateral user_node_access(?, r.node_id) as a', [userId])
  .where('r.IsRetired', false).where('n.IsRetired', false).where('a.HasAccess', true);

/**
 * Whether the user may read all of what the definition reads whole (ReadsAllOf): each module held, with View All
 * Records where the module offers it. One who sees only some users must not count all of them through a report.
 */
function readsAllAllowed(db: Knex, userId: number) {
  const byModule = new Map<string, Promise<boolean>>();
  const allowed = (name: string) => {
    if (!byModule.has(name)) {
      byModule.set(name, Promise.all([moduleAccessOf(db, userId, name), db('modules').where({ Name: name }).first('AllowViewAllRecords')])
        .then(([access, module]) => access.holdsModule && (access.viewAllRecords || module?.AllowViewAllRecords === false)));
    }
    return byModule.get(name)!;
  };
  return async (def: Pick<ReportDefinition, 'ReadsAllOf'>) => (await Promise.all((def.ReadsAllOf ?? []).map(allowed))).every(Boolean);
}

/** The rows of a runnable-reports query (selecting r.Definition) that the user may also read whole (ReadsAllOf). */
async function readableWhole<T extends { Definition: unknown }>(db: Knex, userId: number, rows: T[]): Promise<T[]> {
  const allowed = readsAllAllowed(db, userId);
  const kept: T[] = [];
  for (const row of rows) if (await allowed(row.Definition as ReportDefinition)) kept.push(row);
  return kept;
}

export async function categoriesFor(db: Knex, userId: number) {
  const granted: Array<{ CategoryId: number; Definition: unknown }> = await runnable(db, userId).select('r.CategoryId', 'r.Definition');
  const ids = [...new Set((await readableWhole(db, userId, granted)).map((r) => r.CategoryId))];
  return db('report_categories as c').whereIn('c.CategoryId', ids)
    .orderBy([{ column: 'c.DisplayOrder' }, { column: 'c.Title' }]).select('c.CategoryId', 'c.Title', 'c.DisplayOrder');
}

export async function reportsFor(db: Knex, userId: number) {
  const granted = await runnable(db, userId)
    .joinRaw(`left join lateral (select f.id from user_favorite_reports f
      where f.user_id = ? and f.report_id = r.report_id order by f.created_at desc, f.id desc limit 1) as f on true`, [userId])
    .join('report_categories as c', 'c.CategoryId', 'r.CategoryId')
    .orderBy([{ column: 'c.DisplayOrder' }, { column: 'c.Title' }, { column: 'r.DisplayOrder' }, { column: 'r.DispName' }])
    .select('r.ReportId', 'r.DispName', 'r.Description', 'r.DisplayOrder', 'r.CategoryId', 'r.FileName', 'r.ShowHelpText', 'r.HelpText', 'f.Id as FavoriteId', 'r.Definition');
  return (await readableWhole(db, userId, granted)).map((r: Record<string, unknown>) => ({
    ReportId: r.ReportId, ReportDispName: r.DispName, Description: r.Description, DisplayOrder: r.DisplayOrder,
    CategoryId: r.CategoryId, ReportCategoryId: r.CategoryId, FileName: r.FileName,
    IsFavorite: r.FavoriteId !== null, UserFavoriteReportId: r.FavoriteId ?? null, ShowHelpText: r.ShowHelpText, HelpText: r.HelpText ?? '',
  }));
}

export interface RunnableReport { ReportId: number; FileName: string; Definition: ReportDefinition }

/** A report the user may run, or 404 exactly as for one that does not exist. */
export async function reportFor(db: Knex, userId: number, reportId: number): Promise<RunnableReport> {
  const row = await runnable(db, userId).where('r.ReportId', reportId).first('r.ReportId', 'r.FileName', 'r.Definition');
  if (!row || !(await readsAllAllowed(db, userId)(row.Definition as ReportDefinition))) throw HttpError.of(404, 'This report does not exist, or you may not run it.', null, 'NotFound');
  return row as RunnableReport;
}

export interface ParameterRow {
  ParameterId: number; ReportId: number; Param: string; Title: string; ControlType: number; DefaultValue: string | null; DisplayOrder: number;
  ParentIds: string; IsAllAllowed: boolean; AllOptionValue: string | null; ShowFilter: boolean; HelpText: string | null;
  Options: { Query?: string; Items?: Array<{ Key: string; Value: string }> } | null;
}

export async function parametersOf(db: Knex, reportId: number): Promise<ParameterRow[]> {
  return db('report_parameters').where({ ReportId: reportId }).orderBy([{ column: 'DisplayOrder' }, { column: 'ParameterId' }]).select('*');
}

/** A parameter of a report the user may run, with its report, or 404. */
export async function parameterFor(db: Knex, userId: number, parameterId: number): Promise<{ parameter: ParameterRow; report: RunnableReport }> {
  const parameter: ParameterRow | undefined = await db('report_parameters').where({ ParameterId: parameterId }).first('*');
  if (!parameter) throw HttpError.of(404, 'This report parameter does not exist.', null, 'NotFound');
  return { parameter, report: await reportFor(db, userId, parameter.ReportId) };
}
