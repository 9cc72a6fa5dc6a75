import { buffer } from 'node:stream/consumers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { format } from 'date-fns';
import { pageModuleName, pageRecordsApi, pageScreenId } from '../../../engine/core/lowcode/compose-page.ts';
import { lowCodeApi } from '../../../engine/core/lowcode/api.ts';
import { toErrorList } from '../../../engine/core/error-items.ts';
import { displayFormats } from '../../../engine/core/dates/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { screenAccess } from '../../lib/crud/form-body.ts';
import { idParams } from '../../lib/crud/register-crud.ts';
import type { ResolvedAccess } from '../../types.ts';
import { screenPayload } from '../forms/screens.ts';
import { fileStorageFor } from '../files/storage.ts';
import { contentDisposition } from '../files/content-disposition.ts';
import { viewAsHeader } from '../access/view-as.ts';
import { inTimeZone, knownTimeZone, printedRecord, type OptionNamer } from './print-values.ts';
import { recordPdf, type Letterhead } from './record-pdf.ts';
import { PrintedFiles, printedNamePattern } from './print-files.ts';

type Row = Record<string, unknown>;
interface PrintBody { fileType: 'print'; timeZone?: string }

const printBody = {
  type: 'object',
  required: ['fileType'],
  additionalProperties: false,
  properties: {
    fileType: { type: 'string', enum: ['print'], description: "What to make: 'print', the record as a PDF." },
    timeZone: { type: 'string', maxLength: 64, description: "The user's IANA time zone (the browser's), for the dates printed; unknown or absent: the server's." },
  },
} as const;
const printedFile = {
  type: 'object',
  required: ['FileName', 'UserFileName'],
  properties: { FileName: { type: 'string' }, UserFileName: { type: 'string' } },
} as const;
const builtRecordParams = {
  type: 'object',
  required: ['formId', 'id'],
  properties: { formId: { type: 'integer' }, id: { type: 'integer' } },
} as const;
const pageRecordParams = {
  type: 'object',
  required: ['pageId', 'id'],
  properties: { pageId: { type: 'integer' }, id: { type: 'integer' } },
} as const;

/** The headers a read made on the caller's behalf carries: the same session, the same view-as. */
const forwarded = ['authorization', 'session-id', 'instance-id', viewAsHeader];

/** A name a file system and a download accept: no path or reserved characters, not too long. */
export function printFileName(title: string): string {
  const clean = title.replace(/[\\/:*?"<>|\x00-\x1f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120).trim();
  return `${clean || 'Record'}.pdf`;
}

/**
 * Print (spec 2 section 7: POST with fileType=print, then the file download by fileName and userFileName) for
 * every screen's records, shipped and built: POST {screen api}/{id}/print makes the record's PDF and answers its
 * { FileName, UserFileName }; GET /api/print/download streams it to the session that made it.
 *
 * The record is read through the screen's own read route, on the caller's behalf: the print is refused where the
 * read is (the module, the row rule: 404 for a record the user may not reach) and shows what the read answers
 * (a field the user may not see is not in it), with no second copy of those rules to drift. A print only reads: an
 * administrator viewing as another user prints what that user would (the view-as header goes with the read).
 */
export default async function printRoutes(app: FastifyInstance) {
  const files = new PrintedFiles(app.config.dataDir);
  const uploads = fileStorageFor(app.config, app.db);

  async function letterhead(): Promise<Letterhead> {
    const settings = await app.db('client_settings').where('ClientSettingsId', 1).first('CompanyName');
    const logoRow = await app.db('files').where({ Kind: 'clientlogo', IsActive: true }).orderBy('FileId', 'desc').first('FileName');
    const logo = logoRow ? await buffer(uploads.read(logoRow.FileName as string)).then((b) => (b.length ? b : null), () => null) : null;
    return { companyName: (settings?.CompanyName as string | null | undefined) || null, logo };
  }

  /** What a GET answers the caller (the same session and view-as), or that route's refusal. */
  async function getAsCaller<T>(request: FastifyRequest, url: string): Promise<T> {
    const headers = Object.fromEntries(forwarded.flatMap((h) => (typeof request.headers[h] === 'string' ? [[h, request.headers[h] as string]] : [])));
    const res = await app.inject({ method: 'GET', url, headers });
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    if (res.statusCode !== 200) throw new HttpError(res.statusCode, toErrorList(body));
    return body as T;
  }

  /**
   * A select's chosen options by name, from the lookup call its widget uses (GET /api/lookups/{source}?ids=): every
   * source, shipped, a simple lookup list's or a module's own, names its options as the form shows them.
   */
  const optionNamesFor = (request: FastifyRequest): OptionNamer => async (source, ids) => {
    try {
      const options = await getAsCaller<Array<{ Id: number; Name: string }>>(request, `/api/lookups/${encodeURIComponent(source)}?ids=${ids.join(',')}`);
      return new Map(options.map((o) => [o.Id, o.Name]));
    } catch {
      return new Map(); // a source the caller cannot read: the ids stand
    }
  };

  async function print(request: FastifyRequest<{ Body: PrintBody }>, screenId: string, readUrl: string) {
    const payload = await screenPayload(app, screenId);
    if (!payload?.screen.form) throw HttpError.of(404, 'This screen has no records to print.', null, 'NotFound');
    const record = await getAsCaller<Row>(request, readUrl);
    const timeZone = knownTimeZone(request.body.timeZone);
    const printed = await printedRecord(optionNamesFor(request), payload.screen, payload.entity, record, timeZone);
    const user = request.principal!;
    // The person who printed it: the administrator, even while viewing as someone (whose view the page shows).
    const printedBy = user.ViewedBy ? `${user.ViewedBy}, viewing as ${user.UserName}` : user.UserName;
    const footer = `Printed on ${format(inTimeZone(new Date(), timeZone), displayFormats.recordInfo)} by ${printedBy}`;
    const UserFileName = printFileName(printed.title);
    const FileName = await files.write(recordPdf(printed, await letterhead(), footer), { SessionId: user.SessionId, UserId: user.UserId, UserFileName });
    return { FileName, UserFileName };
  }

  const summary = (label: string) => `Print one ${label} (fileType 'print'): makes its PDF and answers the names to download it by (GET /api/print/download).`;
  const description = 'Needs what reading the record needs: a record the caller may not read answers 404, and fields the caller may not see are not printed. The file is kept for 15 minutes, for the session that made it.';

  // Each shipped screen whose records are read by id.
  for (const screen of app.registry.screens.values()) {
    if (!screen.form || screen.routes.single || !(screen.routes.update || screen.routes.read)) continue;
    if (!app.hasRoute({ method: 'GET', url: `${screen.api}/:id` })) continue;
    app.post<{ Params: { id: number }; Body: PrintBody }>(`${screen.api}/:id/print`, {
      config: { access: screenAccess(screen.module), onlyReads: true },
      schema: { tags: [screen.id, 'print'], summary: summary(screen.form.entityLabel?.toLowerCase() ?? 'record'), description, params: idParams, body: printBody, response: { 200: printedFile } },
    }, (request) => print(request, screen.id, `${screen.api}/${request.params.id}`));
  }

  // The records of built forms: the module is the form's, as for their other record routes.
  const builtAccess: ResolvedAccess = {
    describe: "module Form<formId> (the form's own)",
    resolve: (request) => ({ module: `Form${Number((request.params as { formId?: unknown }).formId)}` }),
  };
  const builtBase = lowCodeApi.formRecords.replace(':id', ':formId');
  app.post<{ Params: { formId: number; id: number }; Body: PrintBody }>(`${builtBase}/:id/print`, {
    config: { access: builtAccess, onlyReads: true },
    schema: { tags: ['form records', 'print'], summary: summary('record of a built form'), description, params: builtRecordParams, body: printBody, response: { 200: printedFile } },
  }, (request) => print(request, `form-${request.params.formId}`, `${builtBase.replace(':formId', String(request.params.formId))}/${request.params.id}`));

  // The same records through a page that shows them: the module is the page's.
  const pageBase = pageRecordsApi(0).replace('/0/', '/:pageId/');
  const pageAccess: ResolvedAccess = {
    describe: "module Page<pageId> (the page's own)",
    resolve: (request) => ({ module: pageModuleName(Number((request.params as { pageId?: unknown }).pageId)) }),
  };
  app.post<{ Params: { pageId: number; id: number }; Body: PrintBody }>(`${pageBase}/:id/print`, {
    config: { access: pageAccess, onlyReads: true },
    schema: { tags: ['form records', 'print'], summary: summary('record shown by a page'), description, params: pageRecordParams, body: printBody, response: { 200: printedFile } },
  }, (request) => print(request, pageScreenId(request.params.pageId), `${pageRecordsApi(request.params.pageId)}/${request.params.id}`));

  app.get<{ Querystring: { fileName: string; userFileName?: string } }>('/api/print/download', {
    config: { access: 'session' },
    schema: {
      tags: ['print'],
      summary: 'A printed record (the file a print call made) as a PDF attachment, to the session that made it.',
      description: 'Another session, an unknown name and a file older than 15 minutes answer 404.',
      querystring: {
        type: 'object', required: ['fileName'], additionalProperties: false,
        properties: { fileName: { type: 'string', pattern: printedNamePattern }, userFileName: { type: 'string', maxLength: 255 } },
      },
      produces: ['application/pdf'],
    },
  }, async (request, reply) => {
    const file = await files.open(request.query.fileName, request.principal!.SessionId);
    if (!file) throw HttpError.of(404, 'The file could not be found.', 'fileName', 'FileNotFound');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', contentDisposition('attachment', file.userFileName))
      .header('cache-control', 'no-store')
      .send(file.stream());
  });
}
