import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { IncomingUploads } from './incoming.ts';
import type { FileStorage } from './storage.ts';

/** The size of a stored chunk: what one write or one read of a file holds in memory. */
export const chunkBytes = 256 * 1024;

/**
 * Stored files in PostgreSQL (the file_chunks table), so every server process on the database serves every file
 * with no shared disk. Bytes go in and come out one chunk at a time; a file's chunks are written in one
 * transaction, so a file is either whole or absent.
 */
export class PostgresFileStorage extends IncomingUploads implements FileStorage {
  constructor(dataDir: string, private readonly db: Knex) {
    super(dataDir);
  }

  async commit(tempPath: string, fileName: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      let seq = 0;
      for await (const chunk of createReadStream(tempPath, { highWaterMark: chunkBytes })) {
        await trx('file_chunks').insert({ FileName: fileName, Seq: seq++, Bytes: chunk as Buffer });
      }
    });
    await this.discard(tempPath);
  }

  async remove(fileName: string): Promise<void> {
    await this.db('file_chunks').where('FileName', fileName).delete();
  }

  async size(fileName: string): Promise<number | null> {
    const [row] = await this.db('file_chunks').where('FileName', fileName).select(this.db.raw('sum(octet_length(bytes))::bigint as total'));
    return row?.Total === null || row?.Total === undefined ? null : Number(row.Total);
  }

  read(fileName: string): Readable {
    const db = this.db;
    async function* chunks() {
      for (let seq = 0; ; seq++) {
        const row = await db('file_chunks').where({ FileName: fileName, Seq: seq }).first('Bytes');
        if (!row) return;
        yield row.Bytes as Buffer;
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }
}
