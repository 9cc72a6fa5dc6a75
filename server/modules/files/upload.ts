import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { HttpError } from '../../lib/http-error.ts';
import { formatMessage } from '../../../engine/core/messages.ts';
import type { FileStorage } from './storage.ts';
import { SniffStream, WrongContentError } from './sniff.ts';
import { cleanUserFileName, extensionOf, extensionsFor, fileMessages, maxSizeMBFor, sizeMessage, typeMessage, type FileKind } from './rules.ts';

/** An upload that passed every check, still in incoming/: the caller moves it into place or removes it. */
export interface ReceivedUpload {
  tempPath: string;
  userFileName: string;
  extension: string;
  contentType: string;
  size: number;
  name: string;
  description: string;
}

/** What is left of the user's quota (UPLOAD_QUOTA_MB) before this upload. */
export interface UploadQuota {
  quotaMB: number;
  remainingBytes: number;
}

/** Room for the multipart envelope and the name and description fields beside the file itself. */
const envelopeBytes = 64 * 1024;
const nameMax = 200;
const descriptionMax = 2000;

const refuse = (status: number, message: string, property: string | null, code: string) => HttpError.of(status, message, property, code);

/** Refuses an upload that would take the user's files past their quota, naming it. */
export const quotaExceeded = (quotaMB: number) => refuse(413, formatMessage(fileMessages.quota, quotaMB), 'file', 'UploadQuota');

/** Reads a part to its end without keeping it (a refused file is still read, so the client gets the answer, not a reset). */
async function discard(part: Multipart & { type: 'file' }): Promise<void> {
  part.file.resume();
  await new Promise<void>((resolve) => {
    part.file.once('end', resolve);
    part.file.once('close', resolve);
  });
}

/** The parser's own limit errors, in words a person can act on. */
function parserError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return refuse(400, fileMessages.oneFile, 'file', 'OneFile');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return refuse(400, 'The upload has more fields than file, name and description.', null, 'Fields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return refuse(415, 'The file must be sent as multipart/form-data.', 'file', 'NotMultipart');
  return error;
}

/**
 * Receives one multipart upload of a kind (fields: file, and name and description for kind 'file'), with the
 * specification's limits: the extension list of the kind (spec 3 section 5), the size limit (the global
 * maximum; 1 MB for the client logo), and bytes that match the extension (sniff.ts). A refused upload leaves
 * nothing behind.
 */
export async function receiveUpload(request: FastifyRequest, kind: FileKind, storage: FileStorage, globalMaxMB: number, quota: UploadQuota): Promise<ReceivedUpload> {
  const maxMB = maxSizeMBFor(kind, globalMaxMB);
  const sizeLimit = maxMB * 1024 * 1024;
  // The user's quota cuts the file short when less of it is left than the size limit allows.
  const byQuota = quota.remainingBytes < sizeLimit;
  const maxBytes = Math.max(0, Math.min(sizeLimit, quota.remainingBytes));
  const tooLarge = () => (byQuota ? quotaExceeded(quota.quotaMB) : refuse(413, sizeMessage(kind, maxMB), 'file', 'FileSize'));
  if (maxBytes === 0) throw tooLarge();
  // A body declared larger than the file may be plus its envelope is refused before any of it is read.
  if (Number(request.headers['content-length']) > maxBytes + envelopeBytes) throw tooLarge();

  const fields: Record<string, string> = {};
  let file: Omit<ReceivedUpload, 'name' | 'description'> | null = null;
  let wrongType = false;
  let tempPath: string | null = null;
  try {
    try {
      const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 8 * 1024 } });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'name' || part.fieldname === 'description') fields[part.fieldname] = String(part.value ?? '');
          continue;
        }
        const userFileName = cleanUserFileName(part.filename);
        const extension = extensionOf(userFileName);
        if (part.fieldname !== 'file' || !extensionsFor(kind).includes(extension)) {
          wrongType ||= part.fieldname === 'file';
          await discard(part);
          continue;
        }
        tempPath = await storage.tempPath();
        // The bytes must be what the name says (a program renamed to .png is not an image): checked as they arrive.
        const sniff = new SniffStream(extension);
        await pipeline(part.file, sniff, createWriteStream(tempPath, { flags: 'wx' }));
        if (part.file.truncated) throw tooLarge();
        file = { tempPath, userFileName, extension, contentType: sniff.contentType ?? '', size: (await stat(tempPath)).size };
      }
    } catch (error) {
      if (error instanceof WrongContentError) throw refuse(400, typeMessage(kind), 'file', 'FileType');
      throw parserError(error);
    }
    if (wrongType) throw refuse(400, typeMessage(kind), 'file', 'FileType');
    if (!file) throw refuse(400, fileMessages.fileRequired, 'file', 'FileRequired');
    if (file.size === 0) throw refuse(400, fileMessages.emptyFile, 'file', 'EmptyFile');

    const name = kind === 'file' && fields.name?.trim() ? fields.name.trim() : file.userFileName.slice(0, nameMax);
    const description = kind === 'file' && fields.description?.trim() ? fields.description.trim() : ' ';
    const tooLong = [
      ...(name.length > nameMax ? [{ PropertyName: 'Name', ErrorMessage: fileMessages.textMaximum, ErrorCode: 'MaxLength' }] : []),
      ...(description.length > descriptionMax ? [{ PropertyName: 'Description', ErrorMessage: fileMessages.textMaximum, ErrorCode: 'MaxLength' }] : []),
    ];
    if (tooLong.length) throw new HttpError(400, tooLong);
    const received = { ...file, name, description };
    tempPath = null;
    return received;
  } finally {
    if (tempPath) await storage.discard(tempPath);
  }
}
