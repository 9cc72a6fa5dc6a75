import type { FastifyInstance } from 'fastify';
import { databaseTimeouts, longStatements } from '../../db/knex.ts';
import { HttpError } from '../../lib/http-error.ts';
import { controlTypes } from './definition.ts';
import { reportRunBy, resolvedForUser } from './form-report-sql.ts';
import { exportTypes, primedBatches, reportFile, type ExportFormat } from './export.ts';
import { generatedAt, givenParameters } from './export-pdf.ts';
import favoriteRoutes from './favorite-routes.ts';
import builderRoutes from './builder-routes.ts';
import scheduleRoutes from './schedule-routes.ts';
import exportJobRoutes from './export-job-routes.ts';
import { optionsOf } from './options.ts';
import { resolvedDefault, type WireValue } from './params.ts';
import { openReportsDatabase, readOnly, reportSettings } from './reports-db.ts';
import { reportStatement, runReport, type Sort } from './run.ts';
import * as schemas from './schemas.ts';
import { categoriesFor, parameterFor, parametersOf, reportFor, reportsFor } from './store.ts';
import { loadReportDefinitions, reportModule, syncReports } from './sync.ts';

const tags = ['reports'];
const access = { module: reportModule };

interface RunBody { ReportId: number; Params?: Record<string, WireValue>; Page: number; PageSize: number; Sorts?: Sort[]; Summary?: boolean }

/**
 * The reports of issue 31 (spec 3 "Reports"): definitions from metadata/reports synced at start (a bad one stops the
 * start, naming its file), then listed, run, paged, totalled and exported for the reports each user's roles grant.
 * Reports read the reports database (REPORTS_DATABASE_URL, else the app's) in read-only transactions with a time limit.
 */
export default async function reportRoutes(app: FastifyInstance) {
  const settings = reportSettings();
  await syncReports(app.db, await loadReportDefinitions(settings.dir));
  // On the app's own PostgreSQL a limit past its requests' bound needs the connections without that bound.
  const ownDb = settings.timeoutSeconds > databaseTimeouts.statementSeconds ? longStatements(app.db) : app.db;
  const reportsDb = settings.databaseUrl ? openReportsDatabase(settings.databaseUrl) : ownDb;
  if (settings.databaseUrl) app.addHook('onClose', async () => reportsDb.destroy());
  const seconds = settings.timeoutSeconds;
  const userOf = (request: { principal?: { UserId: number } }) => request.principal!.UserId;

  app.get('/api/reports/categories', {
    config: { access },
    schema: { tags, summary: 'Report categories holding at least one report the user may run, in order.', response: { 200: schemas.categoriesAnswer } },
  }, async (request) => categoriesFor(app.db, userOf(request)));

  app.get('/api/reports', {
    config: { access },
    schema: { tags, summary: 'The reports the user may run, with whether the user saved a favourite of each.', response: { 200: schemas.reportsAnswer } },
  }, async (request) => reportsFor(app.db, userOf(request)));

  app.get<{ Querystring: { reportCategoryId?: number; reportId?: number } }>('/api/reports/parameters', {
    config: { access },
    schema: { tags, summary: "A report's parameters in order (reportCategoryId is the specification's name for the report's id).", querystring: schemas.parametersQuery, response: { 200: schemas.parametersAnswer } },
  }, async (request) => {
    const id = request.query.reportCategoryId ?? request.query.reportId;
    if (!id) throw HttpError.of(400, 'Name the report: reportCategoryId (or reportId) is required.', 'reportCategoryId', 'required');
    const report = await reportFor(app.db, userOf(request), id);
    const usable = new Set((await resolvedForUser(app.db, report.Definition, userOf(request))).def.Parameters.map((p) => p.Param));
    return (await parametersOf(app.db, report.ReportId)).filter((p) => usable.has(p.Param)).map((p) => ({
      ParameterId: p.ParameterId, Param: p.Param, Title: p.Title, ControlType: p.ControlType, DefaultValue: p.DefaultValue, DisplayOrder: p.DisplayOrder,
      ParentIds: p.ParentIds, IsAllAllowed: p.IsAllAllowed, AllOptionValue: p.AllOptionValue, ShowFilter: p.ShowFilter,
      ShowHelpText: Boolean(p.HelpText), HelpText: p.HelpText ?? '', Value: resolvedDefault({ ControlType: p.ControlType as never, DefaultValue: p.DefaultValue }),
    }));
  });

  app.get<{ Querystring: { parameterId: number; value: string } }>('/api/reports/parameter-values', {
    config: { access },
    schema: { tags, summary: "A select's options (Key the label, Value the id), narrowed by the search text; All first when allowed.", querystring: schemas.parameterValuesQuery, response: { 200: schemas.optionsAnswer } },
  }, async (request) => {
    const { parameter } = await usableParameter(userOf(request), request.query.parameterId);
    if (parameter.ParentIds && parameter.ControlType !== controlTypes.dateRange) {
      throw HttpError.of(400, `${parameter.Title} depends on another select: ask for its dependent values.`, 'parameterId', 'Dependent');
    }
    return readOnly(reportsDb, seconds, (trx) => optionsOf(trx, parameter, request.query.value ?? '', userOf(request)));
  });

  app.get<{ Querystring: { filterId: number; childId: number; paramName?: string; parentId: string } }>('/api/reports/dependent-values', {
    config: { access },
    schema: { tags, summary: "A dependent select's options filtered by its parent's value(s) (joined by '|' or '~'); a parent value that does not exist gives [].", querystring: schemas.dependentValuesQuery, response: { 200: schemas.optionsAnswer } },
  }, async (request) => {
    const { filterId, childId, paramName, parentId } = request.query;
    const { parameter: child } = await usableParameter(userOf(request), childId);
    const parentOf = child.ParentIds.split(',').map(Number);
    if (!parentOf.includes(filterId) || (paramName && paramName !== child.Param)) {
      throw HttpError.of(400, `${child.Title} does not depend on that parameter.`, 'filterId', 'NotParent');
    }
    const { parameter: parent } = await usableParameter(userOf(request), filterId);
    const values = (parentId ?? '').split(/[|~]/).map((v) => v.trim()).filter(Boolean);
    if (!values.length) return [];
    const value = parent.ControlType === controlTypes.selectMany ? values : parentId.trim();
    return readOnly(reportsDb, seconds, (trx) => optionsOf(trx, child, '', userOf(request), { param: parent.Param, value }));
  });

  app.post<{ Body: RunBody }>('/api/reports/run', {
    config: { access, onlyReads: true },
    schema: { tags, summary: 'Run a report: one page of rows, and over the whole result its row count, totals, group subtotals and chart.', body: schemas.runBody, response: { 200: schemas.runAnswer } },
  }, async (request) => {
    const { ReportId, Params, Page, PageSize, Sorts, Summary } = request.body;
    const { def, bindingsFor } = await reportRunBy(app.db, userOf(request), ReportId);
    const bindings = bindingsFor(Params);
    return readOnly(reportsDb, seconds, (trx) => runReport(trx, def, bindings, Page, PageSize, Sorts ?? [], Summary !== false));
  });

  app.post<{ Body: Omit<RunBody, 'Page' | 'PageSize'>; Querystring: { format: ExportFormat } }>('/api/reports/export', {
    config: { access, onlyReads: true },
    schema: { tags, summary: 'The whole result of a report as a CSV, XLSX or PDF download, streamed in batches, in the run\'s columns and order.', querystring: schemas.exportQuery, body: schemas.exportBody },
  }, async (request, reply) => {
    const { ReportId, Params, Sorts } = request.body;
    const { report, def, bindingsFor } = await reportRunBy(app.db, userOf(request), ReportId);
    const source = { db: reportsDb, def, bindings: bindingsFor(Params), sorts: Sorts ?? [], timeoutSeconds: seconds };
    const { format } = request.query;
    // The sort is checked before the download starts, so a bad one is a 400 and not a broken file.
    reportStatement(def, source.sorts);
    const batches = await primedBatches(source);
    const fileName = `${report.FileName}-${new Date().toISOString().slice(0, 10)}.${format}`;
    const heading = { title: def.ReportDispName, parameters: givenParameters(def, Params), generated: generatedAt(new Date()) };
    return reply
      .type(exportTypes[format])
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(reportFile(format, def, batches, heading, settings.sheetRows));
  });

  /** A parameter of a report the user may run and of a field they hold (a built report's filter by a hidden field is none). */
  async function usableParameter(userId: number, parameterId: number) {
    const found = await parameterFor(app.db, userId, parameterId);
    const { def } = await resolvedForUser(app.db, found.report.Definition, userId);
    if (!def.Parameters.some((p) => p.Param === found.parameter.Param)) throw HttpError.of(404, 'This report parameter does not exist.', null, 'NotFound');
    return found;
  }

  await app.register(favoriteRoutes);
  await app.register(builderRoutes);
  await app.register(scheduleRoutes, { reportsDb, settings });
  await app.register(exportJobRoutes, { reportsDb, settings });
}
