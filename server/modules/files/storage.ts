import { createReadStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { IncomingUploads } from './incoming.ts';
import { PostgresFileStorage } from './postgres-storage.ts';

/**
 * Where the bytes of uploaded files live, each under a name the server chooses. An upload is always received
 * into this process's DATA_DIR/files/incoming first and stored only when it passed every check, so a failed or
 * interrupted upload leaves nothing where files are served from.
 */
export interface FileStorage {
  /** A fresh stored name: 128 random bits and the extension. */
  newName(extension: string): string;
  /** Where an upload is written while it arrives (this process's own disk). */
  tempPath(): Promise<string>;
  /** Removes an upload from incoming/ (refused, or stored elsewhere). */
  discard(tempPath: string): Promise<void>;
  /** Stores a checked upload under its stored name; incoming/ no longer holds it afterwards. */
  commit(tempPath: string, fileName: string): Promise<void>;
  /** Removes a stored file (its record could not be written). */
  remove(fileName: string): Promise<void>;
  /** The stored file's size, or null when its bytes are not there. */
  size(fileName: string): Promise<number | null>;
  /** The stored file's bytes, streamed. */
  read(fileName: string): Readable;
}

/** Files on the disk of DATA_DIR with the embedded database; in PostgreSQL, which every process reaches, with DATABASE_URL. */
export function fileStorageFor(config: Pick<Config, 'dataDir' | 'databaseUrl'>, db: Knex): FileStorage {
  return config.databaseUrl ? new PostgresFileStorage(config.dataDir, db) : new DiskFileStorage(config.dataDir);
}

/** The embedded default: stored files beside incoming/, in DATA_DIR/files. */
export class DiskFileStorage extends IncomingUploads implements FileStorage {
  /** The path of a stored file; the name must already have passed storedNamePattern. */
  pathOf(fileName: string): string {
    return path.join(this.dir, path.basename(fileName));
  }

  /** One rename on one file system. */
  async commit(tempPath: string, fileName: string): Promise<void> {
    await rename(tempPath, this.pathOf(fileName));
  }

  async remove(fileName: string): Promise<void> {
    await rm(this.pathOf(fileName), { force: true });
  }

  async size(fileName: string): Promise<number | null> {
    try {
      const s = await stat(this.pathOf(fileName));
      return s.isFile() ? s.size : null;
    } catch {
      return null;
    }
  }

  read(fileName: string): Readable {
    return createReadStream(this.pathOf(fileName));
  }
}
