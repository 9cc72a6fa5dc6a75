import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import { idParams } from '../../lib/crud/register-crud.ts';
import { lockQuerySchema } from '../../lib/crud/record-lock.ts';
import { claimVersion, readVersioned, type VersionedRecord } from '../../lib/crud/versioned-record.ts';
import { writeAuditEntry } from '../../lib/crud/audit.ts';
import { heldModuleNames } from '../access/effective-access.ts';
import { fieldAccessMessage, withRowRule } from '../../lib/crud/record-access.ts';
import type { Principal } from '../../types.ts';
import { compileFormReport, type FormReportBody, type FormReportDefinition } from './form-report.ts';
import { reportableFields } from './form-fields.ts';
import { builderBody, builderAnswer, builtListAnswer, fieldsAnswer } from './builder-schemas.ts';
import { reportModule, reportNode, reportRow, syncParameters } from './sync.ts';

const tags = ['reports'];
/** Reports are built on forms by those who build forms. */
const access = { module: 'FormManagement' };

type Body = FormReportBody & { RoleIds?: number[] };

/** A built report's lock and version: changed by whoever holds Form Management. */
const builderLock: VersionedRecord = { domain: 'reports-builder', table: 'reports', idField: 'ReportId', label: 'Report', rights: [access] };

/** 'Severity by Week' -> severity-by-week: the report's file name on the form (form-12-severity-by-week), kept across renames. */
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'report';

/**
 * The report builder (issue 31): reports on a built form, no SQL. Each is a report like the shipped ones (its own node
 * under Reports, granted to roles one by one; the roles named here at once when the caller may grant), run for each
 * user through the evaluator (form-report-sql.ts). Saves are audited on the report.
 */
export default async function builderRoutes(app: FastifyInstance) {
  app.get('/api/reports/builder', {
    config: { access },
    schema: { tags, summary: 'The reports built on the forms the caller may reach, with their form and category, by name: what the builder screen lists (whether granted to the caller or not).', response: { 200: builtListAnswer } },
  }, async (request) => app.db('reports as r')
    .join('forms as f', 'f.FormId', 'r.SourceFormId')
    .leftJoin('report_categories as c', 'c.CategoryId', 'r.CategoryId')
    .whereIn('r.SourceFormId', reachableForms(app.db, request.principal))
    .orderBy([{ column: 'r.DispName' }, { column: 'r.ReportId' }])
    .select('r.ReportId', 'r.DispName as ReportDispName', 'r.Description', 'c.Title as Category', 'r.SourceFormId as FormId', 'f.Name as FormName'));

  app.get<{ Querystring: { formId: number } }>('/api/reports/builder/fields', {
    config: { access },
    schema: { tags, summary: "A form's fields a report can show and filter by, with the record's Created Date, Created By and a count.", querystring: { type: 'object', required: ['formId'], properties: { formId: { type: 'integer' } } }, response: { 200: fieldsAnswer } },
  }, async (request) => {
    const reachable = await reachableForms(app.db, request.principal).where({ FormId: request.query.formId }).first();
    const found = reachable ? await reportableFields(app.db, request.query.formId) : null;
    if (!found) throw HttpError.of(404, `The form ${request.query.formId} does not exist or is not active.`, 'formId', 'NotFound');
    return [...found.fields.values()].map(({ Field, Title, Kind }) => ({ Field, Title, Kind }));
  });

  app.get<{ Params: { id: number }; Querystring: { lock?: boolean } }>('/api/reports/builder/:id', {
    config: { access },
    schema: { tags, summary: 'A built report as its builder saved it; ?lock=true reads it for update (its lock, and its version in recordversion).', params: idParams, querystring: lockQuerySchema, response: { 200: builderAnswer } },
  }, async (request, reply) => {
    // Found first: a report one may not reach is neither locked nor told about, as one that does not exist.
    const report = await builtReport(app.db, request.params.id, request.principal);
    return readVersioned(app, request, reply, builderLock, report.ReportId, async () => answerOf(app.db, await builtReport(app.db, report.ReportId, request.principal)));
  });

  app.post<{ Body: Body }>('/api/reports/builder', {
    config: { access },
    schema: { tags, summary: 'Build a report on a form: its columns, filters, grouping with totals and chart; listed under its category.', body: builderBody, response: { 201: builderAnswer } },
  }, async (request, reply) => {
    await refuseGrantsWithoutRoleModule(request);
    const answer = await app.db.transaction(async (trx) => {
      const base = `form-${request.body.FormId}-${slug(request.body.ReportDispName ?? '')}`;
      let fileName = base;
      for (let n = 2; await trx('reports').where({ FileName: fileName }).first('ReportId'); n++) fileName = `${base}-${n}`;
      await requireReachableForm(trx, request);
      const def = await compileFormReport(trx, request.body, fileName);
      const reportId = await saveReport(trx, def, null, request.principal!.UserName);
      await grantRoles(trx, reportId, request.body.RoleIds ?? []);
      await audit(trx, request, reportId, 'create', null, def.ReportDispName);
      return answerOf(trx, await builtReport(trx, reportId, request.principal));
    });
    return reply.status(201).send(answer);
  });

  app.post<{ Params: { id: number }; Body: Body }>('/api/reports/builder/:id', {
    config: { access },
    schema: { tags, summary: 'Change a built report, under its lock at the version read (its file name, and so its grants and favourites, stay).', params: idParams, body: builderBody, response: { 200: builderAnswer } },
  }, async (request, reply) => {
    await refuseGrantsWithoutRoleModule(request);
    return app.db.transaction(async (trx) => {
      const before = await builtReport(trx, request.params.id, request.principal);
      await claimVersion(trx, request, reply, builderLock, before.ReportId);
      await requireReachableForm(trx, request);
      const def = await compileFormReport(trx, request.body, before.FileName);
      await saveReport(trx, def, before.ReportId, request.principal!.UserName);
      await grantRoles(trx, before.ReportId, request.body.RoleIds ?? []);
      await audit(trx, request, before.ReportId, 'update', before.Definition.ReportDispName, def.ReportDispName);
      return answerOf(trx, await builtReport(trx, before.ReportId, request.principal));
    });
  });

  app.delete<{ Params: { id: number } }>('/api/reports/builder/:id', {
    config: { access },
    schema: { tags, summary: 'Delete a built report, with its node, grants and favourites.', params: idParams, response: { 204: { type: 'null' } } },
  }, async (request, reply) => {
    await app.db.transaction(async (trx) => {
      const report = await builtReport(trx, request.params.id, request.principal);
      await claimVersion(trx, request, reply, builderLock, report.ReportId);
      await trx('reports').where({ ReportId: report.ReportId }).delete();
      if (report.NodeId) await trx('permission_nodes').where({ NodeId: report.NodeId }).delete();
      await audit(trx, request, report.ReportId, 'delete', report.Definition.ReportDispName, null);
    });
    return reply.status(204).send();
  });

  /** Naming roles grants them the report: that is granting access, which needs module Role as on the role editor. */
  async function refuseGrantsWithoutRoleModule(request: FastifyRequest<{ Body: Body }>) {
    if (request.body.RoleIds?.length && !(await heldModuleNames(app.db, request.principal!)).has('Role')) {
      throw HttpError.of(400, fieldAccessMessage, 'RoleIds', 'FieldAccess');
    }
  }
}

/** A build on another's form is refused as one on a form that does not exist. */
async function requireReachableForm(trx: Knex, request: FastifyRequest<{ Body: Body }>): Promise<void> {
  if (!(await reachableForms(trx, request.principal).where({ FormId: request.body.FormId }).first())) {
    throw new HttpError(400, [{ PropertyName: 'FormId', ErrorMessage: `The form ${request.body.FormId} does not exist or is not active.`, ErrorCode: 'ReportBuilder' }]);
  }
}

interface BuiltRow { ReportId: number; FileName: string; NodeId: number | null; Definition: FormReportDefinition }

/** Forms the caller may reach (their own without View All Records): a report on another's form answers as none. */
const reachableForms = (db: Knex, principal: Principal | undefined) => withRowRule(db('forms'), 'CreatedById', principal).select('FormId');

async function builtReport(db: Knex, id: number, principal: Principal | undefined): Promise<BuiltRow> {
  const row = await db('reports').where({ ReportId: id }).whereIn('SourceFormId', reachableForms(db, principal)).first('ReportId', 'FileName', 'NodeId', 'Definition');
  if (!row) throw HttpError.of(404, 'This report does not exist, or was not built on a form.', null, 'NotFound');
  return row as BuiltRow;
}

async function answerOf(db: Knex, report: BuiltRow) {
  const def = report.Definition;
  const roles: Array<{ RoleId: number }> = report.NodeId ? await db('role_permissions').where({ NodeId: report.NodeId, HasAccess: true }).orderBy('RoleId').select('RoleId') : [];
  return {
    ReportId: report.ReportId, FileName: report.FileName, ReportDispName: def.ReportDispName, Description: def.Description, Category: def.Category,
    ...def.Source, RoleIds: roles.map((r) => r.RoleId),
  };
}

/** The report's row, category, node and parameters, as the start's sync writes a shipped one's. */
async function saveReport(trx: Knex, def: FormReportDefinition, reportId: number | null, by: string): Promise<number> {
  const [{ CategoryId }] = await trx('report_categories').insert({ Title: def.Category, DisplayOrder: def.CategoryOrder })
    .onConflict('Title').merge(['Title']).returning('CategoryId');
  const moduleNode = await trx('permission_nodes').where({ Type: 'module', Name: reportModule }).first('NodeId', 'ModuleId');
  const NodeId = await reportNode(trx, moduleNode, def, 0);
  const row = { ...reportRow(def, CategoryId, NodeId), SourceFormId: def.Source.FormId };
  const id = reportId ?? (await trx('reports').insert({ ...row, CreatedBy: by }).returning('ReportId'))[0].ReportId as number;
  if (reportId) await trx('reports').where({ ReportId: reportId }).update({ ...row, ModifiedBy: by, ModifiedDate: trx.fn.now() });
  await syncParameters(trx, id, def);
  return id;
}

/** Each role named gets the report's node, and the Reports module if it lacks it (adding, never taking away). */
async function grantRoles(trx: Knex, reportId: number, roleIds: number[]): Promise<void> {
  if (!roleIds.length) return;
  const { NodeId } = await trx('reports').where({ ReportId: reportId }).first('NodeId');
  const moduleNode = await trx('permission_nodes').where({ Type: 'module', Name: reportModule }).first('NodeId');
  const known: Array<{ RoleId: number }> = await trx('roles').whereIn('RoleId', roleIds).select('RoleId');
  if (known.length !== new Set(roleIds).size) throw HttpError.of(400, 'A role named does not exist.', 'RoleIds', 'UnknownRole');
  for (const { RoleId } of known) {
    for (const node of [moduleNode.NodeId, NodeId]) {
      await trx('role_permissions').insert({ RoleId, NodeId: node, HasAccess: true }).onConflict(['RoleId', 'NodeId']).merge(['HasAccess']);
    }
  }
}

function audit(trx: Knex, request: FastifyRequest, reportId: number, action: 'create' | 'update' | 'delete', Old: unknown, New: unknown) {
  return writeAuditEntry(trx, { entity: 'reports', recordId: reportId, action, principal: request.principal, changes: [{ Field: 'ReportDispName', Old, New }] });
}
