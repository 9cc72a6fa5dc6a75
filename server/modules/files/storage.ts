import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The bytes of uploaded files, on the disk of DATA_DIR/files: each under a name the server chooses.
 * An upload is written to incoming/ first and renamed into place only when it passed every check, so a
 * failed or interrupted upload leaves no half-written file where files are served from.
 */
export class FileStorage {
  readonly dir: string;
  readonly incoming: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'files');
    this.incoming = path.join(this.dir, 'incoming');
  }

  private prepared: Promise<void> | null = null;

  /** Creates the folders on the first upload (a server that never stores a file leaves DATA_DIR as it was). */
  prepare(): Promise<void> {
    this.prepared ??= mkdir(this.incoming, { recursive: true }).then(() => this.removeAbandoned()).catch((error: unknown) => {
      this.prepared = null;
      throw error;
    });
    return this.prepared;
  }

  /** A fresh stored name: 128 random bits and the extension. */
  newName(extension: string): string {
    return `${randomBytes(16).toString('hex')}.${extension}`;
  }

  /** Where an upload is written while it arrives. */
  async tempPath(): Promise<string> {
    await this.prepare();
    return path.join(this.incoming, `${randomBytes(16).toString('hex')}.part`);
  }

  /** The path of a stored file; the name must already have passed storedNamePattern. */
  pathOf(fileName: string): string {
    return path.join(this.dir, path.basename(fileName));
  }

  /** Moves a checked upload into place under its stored name (one rename on one file system). */
  async commit(tempPath: string, fileName: string): Promise<void> {
    await rename(tempPath, this.pathOf(fileName));
  }

  async remove(filePath: string): Promise<void> {
    await rm(filePath, { force: true });
  }

  /** The stored file's size, or null when it is not on disk. */
  async size(fileName: string): Promise<number | null> {
    try {
      const s = await stat(this.pathOf(fileName));
      return s.isFile() ? s.size : null;
    } catch {
      return null;
    }
  }

  read(fileName: string): ReadStream {
    return createReadStream(this.pathOf(fileName));
  }

  /** Uploads interrupted by a crash: parts older than a day (another process may still be writing a newer one). */
  private async removeAbandoned(): Promise<void> {
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const name of await readdir(this.incoming)) {
      const p = path.join(this.incoming, name);
      const s = await stat(p).catch(() => null);
      if (s && s.mtimeMs < dayAgo) await this.remove(p);
    }
  }
}
