import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import type { ReportDefinition } from './definition.ts';

/**
 * The reports one user may run: not retired, and the user's roles (or overrides) grant its node. Built on
 * user_node_access, the same answer as every other node check.
 */
const runnable = (db: Knex, userId: number) => db('reports as r')
  .join('permission_nodes as n', 'n.NodeId', 'r.NodeId')
  .joinRaw('cross join lateral user_node_access(?, r.node_id) as a', [userId])
  .where('r.IsRetired', false).where('n.IsRetired', false).where('a.HasAccess', true);

export async function categoriesFor(db: Knex, userId: number) {
  return db('report_categories as c').whereIn('c.CategoryId', runnable(db, userId).select('r.CategoryId'))
    .orderBy([{ column: 'c.DisplayOrder' }, { column: 'c.Title' }]).select('c.CategoryId', 'c.Title', 'c.DisplayOrder');
}

export async function reportsFor(db: Knex, userId: number) {
  const rows = await runnable(db, userId)
    .joinRaw(`left join lateral (select f.id from user_favorite_reports f
      where f.user_id = ? and f.report_id = r.report_id order by f.created_at desc, f.id desc limit 1) as f on true`, [userId])
    .join('report_categories as c', 'c.CategoryId', 'r.CategoryId')
    .orderBy([{ column: 'c.DisplayOrder' }, { column: 'c.Title' }, { column: 'r.DisplayOrder' }, { column: 'r.DispName' }])
    .select('r.ReportId', 'r.DispName', 'r.Description', 'r.DisplayOrder', 'r.CategoryId', 'r.FileName', 'r.ShowHelpText', 'r.HelpText', 'f.Id as FavoriteId');
  return rows.map((r: Record<string, unknown>) => ({
    ReportId: r.ReportId, ReportDispName: r.DispName, Description: r.Description, DisplayOrder: r.DisplayOrder,
    CategoryId: r.CategoryId, ReportCategoryId: r.CategoryId, FileName: r.FileName,
    IsFavorite: r.FavoriteId !== null, UserFavoriteReportId: r.FavoriteId ?? null, ShowHelpText: r.ShowHelpText, HelpText: r.HelpText ?? '',
  }));
}

export interface RunnableReport { ReportId: number; FileName: string; Definition: ReportDefinition }

/** A report the user may run, or 404 exactly as for one that does not exist. */
export async function reportFor(db: Knex, userId: number, reportId: number): Promise<RunnableReport> {
  const row = await runnable(db, userId).where('r.ReportId', reportId).first('r.ReportId', 'r.FileName', 'r.Definition');
  if (!row) throw HttpError.of(404, 'This report does not exist, or you may not run it.', null, 'NotFound');
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
