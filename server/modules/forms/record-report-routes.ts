import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { RecordReportSetting } from '../../../engine/core/lowcode/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { writeAuditEntry } from '../../lib/crud/audit.ts';
import { routeNodeName } from '../access/permission-nodes.ts';
import { parametersOf, reportsFor } from '../reports/store.ts';
import { formToChange, readFields, recordRevision } from './definition-store.ts';

/**
 * A built form's record report (issue 31, spec 3 'Print Invoice' report card): a report shown under each of its
 * records, each parameter filled from a field of the record or a fixed value. Set in Form Management; the report must be
 * one the administrator may run, and every parameter must be filled, so the card never asks what the form cannot give.
 * Each change is a revision of the form (every process's cached screen follows) and an audit entry.
 */
const module = 'FormManagement';
const params = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;
const body = {
  type: 'object',
  additionalProperties: false,
  required: ['FileName', 'Params'],
  properties: {
    FileName: { type: ['string', 'null'], maxLength: 200 },
    Params: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Param'],
        properties: { Param: { type: 'string', maxLength: 200 }, FormFieldId: { type: ['integer', 'null'] }, Value: { type: ['string', 'null'], maxLength: 2000 } },
      },
    },
  },
} as const;
const answer = {
  type: 'object',
  properties: {
    FileName: { type: ['string', 'null'] },
    Params: { type: 'array', items: { type: 'object', properties: { Param: { type: 'string' }, FormFieldId: { type: ['integer', 'null'] }, Value: { type: ['string', 'null'] } } } },
  },
} as const;

type Body = { FileName: string | null; Params: RecordReportSetting['Params'] };

const problem = (PropertyName: string, ErrorMessage: string, ErrorCode: string): ErrorItem => ({ PropertyName, ErrorMessage, ErrorCode });

/** The setting checked against the report's parameters and the form's fields; faults are 400s at their rows. */
async function checkedSetting(db: Knex, formId: number, userId: number, sent: Body): Promise<RecordReportSetting | null> {
  const fileName = sent.FileName?.trim();
  if (!fileName) return null;
  const report = (await reportsFor(db, userId)).find((r) => r.FileName === fileName);
  if (!report) throw new HttpError(400, [problem('FileName', `The report '${fileName}' is not one you may run.`, 'UnknownReport')]);
  const declared = await parametersOf(db, report.ReportId as number);
  if (!declared.length) throw new HttpError(400, [problem('FileName', `The report ${report.ReportDispName} has no parameters, so it cannot follow the record: choose one with parameters.`, 'NoParameters')]);
  const fieldIds = new Set((await readFields(db, formId)).map((f) => f.FormFieldId));
  const faults: ErrorItem[] = [];
  const chosen: RecordReportSetting['Params'] = [];
  sent.Params.forEach((p, i) => {
    if (!declared.some((d) => d.Param === p.Param)) faults.push(problem(`Params.${i}.Param`, `The report ${report.ReportDispName} has no parameter ${p.Param}.`, 'UnknownParam'));
    else if (chosen.some((c) => c.Param === p.Param)) faults.push(problem(`Params.${i}.Param`, `${p.Param} is given twice.`, 'DuplicateParam'));
    else if (p.FormFieldId && !fieldIds.has(p.FormFieldId)) faults.push(problem(`Params.${i}.FormFieldId`, 'The field must be one of this form.', 'UnknownField'));
    else if (p.FormFieldId) chosen.push({ Param: p.Param, FormFieldId: p.FormFieldId });
    else if (p.Value?.trim()) chosen.push({ Param: p.Param, Value: p.Value.trim() });
  });
  for (const d of declared) {
    if (!sent.Params.some((p) => p.Param === d.Param && (p.FormFieldId || p.Value?.trim()))) {
      faults.push(problem(`Params.${d.Param}`, `${d.Title}: choose a field of the record or give a value.`, 'Required'));
    }
  }
  if (faults.length) throw new HttpError(400, faults);
  return { FileName: fileName, Params: chosen };
}

const described = (setting: RecordReportSetting | null) => (setting ? setting.FileName : null);

export default async function recordReportRoutes(app: FastifyInstance) {
  const tags = ['forms'];

  app.get<{ Params: { id: number } }>('/api/forms/:id/record-report', {
    config: { access: { module } },
    schema: { tags, summary: "The report a built form shows under each record, with what fills its parameters (FileName null: none).", params, response: { 200: answer } },
  }, async (request) => {
    const form = await formToChange(app.db, request.params.id, { principal: request.principal });
    return form.RecordReport ?? { FileName: null, Params: [] };
  });

  app.post<{ Params: { id: number }; Body: Body }>('/api/forms/:id/record-report', {
    config: { access: { module, route: routeNodeName('forms', 'update') } },
    schema: { tags, summary: "Sets (FileName null: removes) the report a built form shows under each record.", params, body, response: { 200: answer } },
  }, async (request) => {
    const form = await formToChange(app.db, request.params.id, { principal: request.principal });
    if (form.Source) throw HttpError.of(400, 'Only a form built in Form Management shows a report under its records.', null, 'BuiltInForm');
    const setting = await checkedSetting(app.db, form.FormId, request.principal!.UserId, request.body);
    await app.db.transaction(async (trx) => {
      await formToChange(trx, form.FormId, { lock: true });
      await trx('forms').where({ FormId: form.FormId }).update({ RecordReport: setting ? JSON.stringify(setting) : null });
      await writeAuditEntry(trx, { entity: 'forms', recordId: form.FormId, action: 'update', principal: request.principal, changes: [{ Field: 'RecordReport', Old: described(form.RecordReport ?? null), New: described(setting) }] });
      await recordRevision(trx, form.FormId, request.principal, setting ? `Shows the report ${setting.FileName} under each record` : 'Shows no report under its records');
    });
    return setting ?? { FileName: null, Params: [] };
  });
}
