import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { HttpError } from '../../lib/http-error.ts';
import { fileStorageFor } from './storage.ts';
import type { Knex } from 'knex';
import { quotaExceeded, receiveUpload } from './upload.ts';
import { requireRecordUpdate, uploadModuleAccess, uploadTargetQuery, type UploadTarget } from './upload-target.ts';
import { mayReadFile } from './references.ts';
import { scheduleOrphanSweep } from './orphan-sweep.ts';
import { findFile, insertFile, type StoredFileRow } from './store.ts';
import { contentDisposition } from './content-disposition.ts';
import { clientLogoMaxMB, defaultExtensions, imageExtensions, maxSizeMBFor, storedNamePattern, type FileKind } from './rules.ts';

/** The container the client logo is shown from (the widget library's CLIENT_LOGO_CONTAINER). */
export const clientLogoContainer = 'clientlogo';

const fileName = { type: 'string', pattern: storedNamePattern, description: 'The stored name the upload answered with.' } as const;
const uploadedFile = {
  type: 'object',
  required: ['Id', 'Name', 'Description', 'FileName', 'UserFileName', 'IsActive'],
  properties: {
    Id: { type: 'integer' }, Name: { type: 'string' }, Description: { type: 'string' },
    FileName: { type: 'string' }, UserFileName: { type: 'string' }, IsActive: { type: 'boolean' },
  },
} as const;
const multipartBody = (fields: string) => ({ description: `multipart/form-data with ${fields}.` });

const notFound = () => HttpError.of(404, 'The file could not be found.', 'fileName', 'FileNotFound');

/**
 * Files (spec 3 "Widget support"; DESIGN "Files"): upload (documents with a name and description, images,
 * the client logo), verify, download and the image route. Bytes live where storage.ts says (DATA_DIR/files, or
 * PostgreSQL with DATABASE_URL) under names the server chooses; their records (the user's file name among them)
 * in the files table.
 */
export default async function fileRoutes(app: FastifyInstance) {
  const storage = fileStorageFor(app.config, app.db);
  // Sizes are limited per kind in receiveUpload; the parser only needs to stop at the limit rather than throw.
  await app.register(multipart, { throwFileSizeLimit: false });
  const globalMaxMB = app.config.maxFileSizeMB;
  scheduleOrphanSweep(app, storage, app.config.orphanFileGraceSeconds);

  const quotaMB = app.config.uploadQuotaMB;
  const quotaBytes = quotaMB * 1024 * 1024;
  const usedBytes = async (db: Knex, userName: string) =>
    Number((await db('files').where('CreatedBy', userName).sum({ Total: 'SizeBytes' }))[0]?.Total ?? 0);

  async function upload(request: FastifyRequest<{ Querystring: UploadTarget }>, reply: FastifyReply, kind: FileKind, module: string) {
    const principal = request.principal!;
    if (request.query.recordId !== undefined) await requireRecordUpdate(app.db, principal, module);
    let received;
    try {
      received = await receiveUpload(request, kind, storage, globalMaxMB, { quotaMB, remainingBytes: quotaBytes - await usedBytes(app.db, principal.UserName) });
    } catch (error) {
      // A refusal may come before the body was read to its end (a declared size too large, a file cut at the
      // limit): the connection closes after the answer, so what is left of the body is never read and no
      // half-read request keeps the connection busy.
      reply.header('connection', 'close');
      throw error;
    }
    const stored = storage.newName(received.extension);
    try {
      await storage.commit(received.tempPath, stored);
      const record = await app.db.transaction(async (trx) => {
        // One upload of a user at a time past this point, so two at once cannot both fit the quota's last room.
        await trx('users').where('UserId', principal.UserId).forUpdate().first('UserId');
        if (await usedBytes(trx, principal.UserName) + received.size > quotaBytes) throw quotaExceeded(quotaMB);
        return insertFile(trx, {
          FileName: stored, UserFileName: received.userFileName, Name: received.name, Description: received.description,
          Kind: kind, ContentType: received.contentType, SizeBytes: received.size, CreatedBy: principal.UserName, Module: module,
          // A client logo waits inactive until the client settings are saved with it: the sign-in page shows the active one.
          IsActive: kind !== 'clientlogo',
        });
      });
      return reply.status(201).send(record);
    } catch (error) {
      await storage.discard(received.tempPath);
      await storage.remove(stored);
      throw error;
    }
  }

  const uploadRoute = (url: string, kind: FileKind, module: string | null, summary: string, fields: string) =>
    app.post<{ Querystring: UploadTarget }>(url, {
      config: { access: module ? { module } : uploadModuleAccess },
      schema: {
        tags: ['files'], summary, ...multipartBody(fields), consumes: ['multipart/form-data'],
        querystring: module ? uploadTargetQuery(false) : uploadTargetQuery(true), response: { 201: uploadedFile },
      },
    }, (request, reply) => upload(request, reply, kind, module ?? request.query.module!));

  uploadRoute('/api/files/upload', 'file', null,
    `Stores a file (${defaultExtensions.join(', ')}), at most MAX_FILE_SIZE_MB, for a field of a screen of ?module (and of its record ?recordId when updating one); its user's files together at most UPLOAD_QUOTA_MB.`, 'file, name and description');
  uploadRoute('/api/files/upload-image', 'image', null,
    `Stores an image (${imageExtensions.join(', ')}), at most MAX_FILE_SIZE_MB, for a field of a screen of ?module (and of its record ?recordId when updating one); its user's files together at most UPLOAD_QUOTA_MB.`, 'file');
  uploadRoute('/api/files/upload-logo', 'clientlogo', 'ApplicationSettings',
    `Stores a client logo image (${imageExtensions.join(', ')}), at most ${clientLogoMaxMB} MB.`, 'file');

  app.get('/api/files/limits', {
    config: { access: 'session' },
    schema: {
      tags: ['files'],
      summary: 'The size limits (MB) and extension lists the server enforces.',
      response: { 200: { type: 'object', properties: {
        MaxFileSizeMB: { type: 'number' }, ClientLogoMaxFileSizeMB: { type: 'number' },
        Extensions: { type: 'array', items: { type: 'string' } }, ImageExtensions: { type: 'array', items: { type: 'string' } },
      } } },
    },
  }, async () => ({
    MaxFileSizeMB: globalMaxMB, ClientLogoMaxFileSizeMB: maxSizeMBFor('clientlogo', globalMaxMB),
    Extensions: defaultExtensions, ImageExtensions: imageExtensions,
  }));

  app.get<{ Querystring: { fileName: string } }>('/api/files/verify', {
    config: { access: 'session' },
    schema: {
      tags: ['files'],
      summary: 'Whether the server still has a stored file.',
      querystring: { type: 'object', required: ['fileName'], additionalProperties: false, properties: { fileName } },
      response: { 200: { type: 'boolean' } },
    },
  }, async (request) => {
    const row = await findFile(app.db, request.query.fileName);
    return Boolean(row && await mayReadFile(app.db, request.principal!, row)) && (await storage.size(request.query.fileName)) !== null;
  });

  /** The record and size of a stored file that is on disk and that the request may read, or 404. */
  async function present(name: string, accept: (row: StoredFileRow) => boolean | Promise<boolean> = () => true) {
    const row = await findFile(app.db, name);
    const size = row && await accept(row) ? await storage.size(name) : null;
    if (!row || size === null) throw notFound();
    return { row, size };
  }

  app.get<{ Querystring: { fileName: string; userFileName?: string } }>('/api/files/download', {
    config: { access: 'session' },
    schema: {
      tags: ['files'],
      summary: 'A stored file as an attachment, under the name it was uploaded with.',
      querystring: { type: 'object', required: ['fileName'], additionalProperties: false, properties: { fileName, userFileName: { type: 'string', maxLength: 255 } } },
      produces: ['application/octet-stream'],
    },
  }, async (request, reply) => {
    // A file the user may not read answers exactly as one that does not exist.
    const { row, size } = await present(request.query.fileName, (r) => mayReadFile(app.db, request.principal!, r));
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', size)
      .header('content-disposition', contentDisposition('attachment', row.UserFileName))
      .header('cache-control', 'no-store')
      .send(storage.read(row.FileName));
  });

  // Public: the sign-in page shows the client logo with an <img>, which cannot send the Authorization header
  // (spec 1 "Sign-in and session": GET image). So it serves the active client logo and nothing else; a record's
  // images are shown through the download route, which checks who may read them.
  app.get<{ Querystring: { fileName: string; container: string } }>('/api/files/image', {
    config: { access: 'public' },
    schema: {
      tags: ['files'],
      summary: "The active client logo, inline, in the 'clientlogo' container (the sign-in page's). Other images are read through the download route.",
      querystring: { type: 'object', required: ['fileName', 'container'], additionalProperties: false, properties: { fileName, container: { type: 'string', maxLength: 255 } } },
      produces: imageExtensions.map((e) => `image/${e === 'jpg' ? 'jpeg' : e}`),
    },
  }, async (request, reply) => {
    const { row, size } = await present(request.query.fileName, (r) =>
      request.query.container === clientLogoContainer && r.Kind === 'clientlogo' && r.IsActive);
    return reply
      .header('content-type', row.ContentType)
      .header('content-length', size)
      .header('content-disposition', contentDisposition('inline', row.UserFileName))
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(storage.read(row.FileName));
  });
}
