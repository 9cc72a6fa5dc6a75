import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { readOnlyFieldsOf } from '../../lib/crud/read-only-fields.ts';
import { deniedFieldsOf, moduleGatedFields, ownRecordsOnly, withRowRule } from '../../lib/crud/record-access.ts';
import type { FileStorage } from '../files/storage.ts';
import type { ImportRunner } from './runner.ts';
import { jobAnswer, jobSchema, mappingSchema, readJob, type ImportJobRow } from './jobs.ts';
import { mappingErrors, suggestedMapping, type ColumnMapping, type FormImportTarget, type ImportMask, type ImportTarget } from './target.ts';
import { receiveImportFile } from './receive.ts';
import { undoImport } from './undo.ts';

type Params = { formId?: number; importId?: number };
type Req = FastifyRequest<{ Params: Params }>;

const tags = ['imports'];
const fieldsSchema = { type: 'array', items: { type: 'object', properties: { Field: { type: 'string' }, Title: { type: 'string' } } } } as const;
const answerSchema = { type: 'object', properties: { ...jobSchema.properties, Fields: fieldsSchema } } as const;

/** The date of an import as its refusal names it (the product's date format). */
const shownDate = (d: string | Date) => new Date(d).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

/** Where one kind of import answers: its path, its params, the access every route needs, and its target. */
export interface ImportRoutesOf {
  base: string;
  params: Record<string, unknown>;
  /** The right to add records one by one: every import route needs it. */
  access: Access;
  /** What the summaries call the records ("a built form's records", "users"). */
  records: string;
  targetOf(request: Req): Promise<ImportTarget>;
}

/**
 * The routes of one kind of import (issue 29): upload (the file is stored like any upload, on disk or in PostgreSQL,
 * and read back as a stream by the job), columns matched to fields, a dry run, the import in batches with progress
 * and cancel, and undo. See README "Importing records" for idempotence and the states.
 */
export function registerImportRoutes(app: FastifyInstance, storage: FileStorage, runner: ImportRunner, of: ImportRoutesOf): void {
  const { base, params, records, targetOf } = of;
  const access = { access: of.access };

  /** The target's job named by the path: another target's (or none) answers 404. */
  async function jobOf(request: Req): Promise<{ target: ImportTarget; job: ImportJobRow }> {
    const target = await targetOf(request);
    const job = await readJob(app.db, Number(request.params.importId));
    // Without 'View All Records' one's own imports only: another's answers as one that does not exist (its undo
    // would delete records this user may not read).
    const hidden = job && ownRecordsOnly(request.principal) && job.RequestedById !== request.principal!.UserId;
    if (!job || hidden || job.Target !== target.id) throw HttpError.of(404, 'This import does not exist.', null, 'NotFound');
    return { target, job };
  }

  /**
   * The fields this user may not write (the evaluator's field mask, and fields gated behind a module the user lacks:
   * a user's Role needs module Role): neither offered nor accepted in a mapping.
   */
  const maskOf = async (request: Req, target: ImportTarget): Promise<ImportMask> => ({
    denied: [...deniedFieldsOf(request.principal), ...(await moduleGatedFields(app.db, request.principal, target.fieldModules))],
    readOnly: readOnlyFieldsOf(request.principal),
  });
  const writable = (target: ImportTarget, mask: ImportMask): ImportTarget => {
    const refused = new Set([...mask.denied, ...mask.readOnly]);
    return { ...target, fields: target.fields.filter((f) => !refused.has(f.Field)) };
  };
  const answer = async (job: ImportJobRow, target: ImportTarget, request: Req) => ({ ...jobAnswer(job), Fields: writable(target, await maskOf(request, target)).fields });
  const stateRefusal = (job: ImportJobRow, what: string) => HttpError.of(409, `This import cannot ${what} while it is ${job.State.toLowerCase()}.`, null, 'ImportState');

  app.post<{ Params: Params }>(base, {
    config: access,
    schema: {
      tags, params, consumes: ['multipart/form-data'], description: 'multipart/form-data with file (.csv or .xlsx).', response: { 201: answerSchema, 200: answerSchema },
      summary: `Uploads a file to import into ${records}: answers the job with the file's columns matched to fields by label. The same file already imported there is refused (409); one whose import was cut short answers that import, to resume.`,
    },
  }, async (request, reply) => {
    const target = await targetOf(request);
    const principal = request.principal!;
    const mask = await maskOf(request, target);
    const received = await receiveImportFile(request, storage, app.config.maxFileSizeMB);
    try {
      const earlier: ImportJobRow[] = await app.db('import_jobs').where({ Target: target.id, Sha256: received.sha256 }).whereNot('State', 'Undone').orderBy('ImportJobId', 'desc');
      const done = earlier.find((j) => j.State === 'Done');
      if (done) {
        throw HttpError.of(409, `This file was already imported into ${target.label} on ${shownDate(done.FinishedDate ?? done.CreatedDate)} by ${done.RequestedBy} (${done.Imported} records). Undo that import to import it again.`, 'file', 'AlreadyImported');
      }
      const partial = earlier.find((j) => j.Imported > 0 || j.State === 'Importing');
      if (partial) return reply.status(200).send(await answer(partial, target, request));
    } catch (error) {
      await storage.discard(received.tempPath);
      throw error;
    }
    const fileName = storage.newName(received.kind);
    await storage.commit(received.tempPath, fileName);
    const [job] = await app.db('import_jobs').insert({
      Target: target.id, FormId: (target as Partial<FormImportTarget>).formId ?? null, FileName: fileName, UserFileName: received.userFileName, FileKind: received.kind, Sha256: received.sha256,
      Columns: JSON.stringify(received.columns), Mapping: JSON.stringify(suggestedMapping(writable(target, mask), received.columns)),
      Mask: JSON.stringify(mask),
      State: 'Uploaded', RequestedById: principal.UserId, RequestedBy: principal.UserName,
    }).returning('*');
    return reply.status(201).send(await answer(job as ImportJobRow, target, request));
  });

  app.get<{ Params: Params }>(base, {
    config: access,
    schema: { tags, params, summary: `The imports into ${records}, newest first (the last 50).`, response: { 200: { type: 'array', items: jobSchema } } },
  }, async (request) => {
    const target = await targetOf(request);
    const jobs: ImportJobRow[] = await withRowRule(app.db('import_jobs').where({ Target: target.id }), 'RequestedById', request.principal).orderBy('ImportJobId', 'desc').limit(50);
    return jobs.map((job) => ({ ...jobAnswer(job), Errors: [] }));
  });

  app.get<{ Params: Params }>(`${base}/:importId`, {
    config: access,
    schema: { tags, params, summary: 'An import: its state, progress, and the bad rows its dry run found.', response: { 200: answerSchema } },
  }, async (request) => {
    const { job, target } = await jobOf(request);
    return await answer(job, target, request);
  });

  app.post<{ Params: Params; Body: { Mapping: ColumnMapping[] } }>(`${base}/:importId/check`, {
    config: access,
    schema: {
      tags, params, summary: `Starts the dry run: every row checked as the create screen checks one of ${records}, nothing written.`,
      body: { type: 'object', additionalProperties: false, required: ['Mapping'], properties: { Mapping: mappingSchema } }, response: { 200: answerSchema },
    },
  }, async (request) => {
    const { job, target } = await jobOf(request);
    if (!['Uploaded', 'Checked'].includes(job.State)) throw stateRefusal(job, 'be checked again');
    const mask = await maskOf(request, target);
    const errors = mappingErrors(target, job.Columns, request.body.Mapping, mask);
    if (errors.length) throw new HttpError(400, errors);
    await app.db('import_jobs').where({ ImportJobId: job.ImportJobId }).update({
      Mapping: JSON.stringify(request.body.Mapping), Mask: JSON.stringify(mask), State: 'Checking', CheckedRows: 0, BadRows: 0, Errors: '[]', TotalRows: 0, Message: null,
    });
    runner.run(job.ImportJobId);
    return await answer((await readJob(app.db, job.ImportJobId))!, target, request);
  });

  app.post<{ Params: Params; Body: { Mode: 'skip' | 'all' } }>(`${base}/:importId/start`, {
    config: access,
    schema: {
      tags, params, response: { 200: answerSchema },
      summary: "Imports the checked rows in batches: 'skip' passes over bad rows (a batch per transaction), 'all' writes every row or none (one transaction). A cancelled 'skip' import resumes after its last batch.",
      body: { type: 'object', additionalProperties: false, required: ['Mode'], properties: { Mode: { type: 'string', enum: ['skip', 'all'] } } },
    },
  }, async (request) => {
    const { job, target } = await jobOf(request);
    const resumes = ['Cancelled', 'Failed'].includes(job.State) && job.Mode === 'skip' && job.Imported > 0;
    if (job.State !== 'Checked' && !resumes) throw stateRefusal(job, 'start');
    // Whoever starts it must be allowed to fill every mapped field too (one who may not grant roles cannot start another's
    // import that does).
    const refused = mappingErrors(target, job.Columns, job.Mapping, await maskOf(request, target));
    if (refused.length) throw new HttpError(400, refused);
    const mode = resumes ? 'skip' : request.body.Mode;
    if (mode === 'all' && job.BadRows > 0) {
      throw HttpError.of(409, `${job.BadRows} ${job.BadRows === 1 ? 'row has' : 'rows have'} errors: correct the file, or choose to skip the bad rows.`, 'Mode', 'BadRows');
    }
    await app.db('import_jobs').where({ ImportJobId: job.ImportJobId }).update({ Mode: mode, State: 'Importing', CancelRequested: false, Message: null, FinishedDate: null });
    runner.run(job.ImportJobId);
    return await answer((await readJob(app.db, job.ImportJobId))!, target, request);
  });

  app.post<{ Params: Params }>(`${base}/:importId/cancel`, {
    config: access,
    schema: { tags, params, summary: "Cancels a dry run or an import: a 'skip' import keeps the batches it committed; an 'all' import writes nothing.", response: { 200: answerSchema } },
  }, async (request) => {
    const { job, target } = await jobOf(request);
    if (['Checking', 'Importing'].includes(job.State)) await app.db('import_jobs').where({ ImportJobId: job.ImportJobId }).update({ CancelRequested: true });
    else if (['Uploaded', 'Checked'].includes(job.State)) {
      await app.db('import_jobs').where({ ImportJobId: job.ImportJobId }).update({ State: 'Cancelled', FinishedDate: app.db.fn.now() });
      await storage.remove(job.FileName);
    } else throw stateRefusal(job, 'be cancelled');
    return await answer((await readJob(app.db, job.ImportJobId))!, target, request);
  });

  app.post<{ Params: Params }>(`${base}/:importId/undo`, {
    config: access,
    schema: { tags, params, summary: 'Deletes the records the import wrote, while none of them changed since (409 otherwise).', response: { 200: answerSchema } },
  }, async (request) => {
    const { job, target } = await jobOf(request);
    await undoImport(app.db, job.ImportJobId, target, request.principal!);
    return await answer((await readJob(app.db, job.ImportJobId))!, target, request);
  });
}

