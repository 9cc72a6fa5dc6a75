import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { formatMessage } from '../../../engine/core/messages.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { FileStorage } from '../files/storage.ts';
import { cleanUserFileName, extensionOf, fileMessages } from '../files/rules.ts';
import { headerOf, type ImportFileKind } from './read-rows.ts';

/** An import's file, received into incoming/ and checked: the caller stores it or discards it. */
export interface ReceivedImport { tempPath: string; userFileName: string; kind: ImportFileKind; sha256: string; columns: string[] }

const kinds: ImportFileKind[] = ['csv', 'xlsx'];
const refuse = (status: number, message: string, code: string) => HttpError.of(status, message, 'file', code);
const typeRefusal = () => refuse(400, formatMessage(fileMessages.fileType, kinds.join(', ')), 'FileType');

/**
 * Receives the file of an import (multipart field 'file', a .csv or .xlsx of at most MAX_FILE_SIZE_MB) as a stream onto
 * the disk of incoming/, hashing it as it arrives (the SHA-256 that makes an import idempotent), and reads its header
 * row. Nothing of the file is held in memory; a refused file leaves nothing behind.
 */
export async function receiveImportFile(request: FastifyRequest, storage: FileStorage, maxMB: number): Promise<ReceivedImport> {
  const maxBytes = maxMB * 1024 * 1024;
  const tooLarge = () => refuse(413, formatMessage(fileMessages.fileSize, maxMB), 'FileSize');
  if (Number(request.headers['content-length']) > maxBytes + 64 * 1024) throw tooLarge();
  let tempPath: string | null = null;
  try {
    let received: { userFileName: string; kind: ImportFileKind; sha256: string; head: Buffer | null; truncated: boolean } | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 8 * 1024 } })) {
        if (part.type === 'field') continue;
        const userFileName = cleanUserFileName(part.filename);
        const kind = extensionOf(userFileName) as ImportFileKind;
        if (part.fieldname !== 'file' || !kinds.includes(kind)) {
          part.file.resume();
          await new Promise<void>((resolve) => { part.file.once('end', resolve); part.file.once('close', resolve); });
          throw typeRefusal();
        }
        tempPath = await storage.tempPath();
        const hash = createHash('sha256');
        let head: Buffer | null = null;
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            head ??= chunk.subarray(0, 4);
            done(null, chunk);
          },
        });
        await pipeline(part.file, hashing, createWriteStream(tempPath, { flags: 'wx' }));
        received = { userFileName, kind, sha256: hash.digest('hex'), head, truncated: part.file.truncated };
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT') throw refuse(400, fileMessages.oneFile, 'OneFile');
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw HttpError.of(400, 'The upload has more fields than its file.', null, 'Fields');
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw refuse(415, 'The file must be sent as multipart/form-data.', 'NotMultipart');
      throw error;
    }
    if (!received || !tempPath) throw refuse(400, fileMessages.fileRequired, 'FileRequired');
    if (received.truncated) throw tooLarge();
    const { userFileName, kind } = received;
    if ((await stat(tempPath)).size === 0) throw refuse(400, fileMessages.emptyFile, 'EmptyFile');
    // An .xlsx is a zip; a CSV is text (no NUL byte in its first bytes).
    const bytes = received.head;
    if (kind === 'xlsx' ? bytes?.toString('latin1') !== 'PK\u0003\u0004' : bytes?.includes(0)) throw typeRefusal();
    let columns: string[];
    try {
      columns = await headerOf(kind, createReadStream(tempPath));
    } catch {
      throw refuse(400, `The file could not be read as ${kind.toUpperCase()}.`, 'Unreadable');
    }
    if (!columns.some((c) => c !== '')) throw refuse(400, 'The first row of the file must name its columns.', 'NoHeader');
    const answer = { tempPath, userFileName, kind, sha256: received.sha256, columns };
    tempPath = null;
    return answer;
  } finally {
    if (tempPath) await storage.discard(tempPath);
  }
}
