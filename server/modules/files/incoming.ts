import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** DATA_DIR/files/incoming: uploads while they arrive, on the disk of the process receiving them. */
export class IncomingUploads {
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

  newName(extension: string): string {
    return `${randomBytes(16).toString('hex')}.${extension}`;
  }

  async tempPath(): Promise<string> {
    await this.prepare();
    return path.join(this.incoming, `${randomBytes(16).toString('hex')}.part`);
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  /** Uploads interrupted by a crash: parts older than a day (another process may still be writing a newer one). */
  private async removeAbandoned(): Promise<void> {
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const name of await readdir(this.incoming)) {
      const p = path.join(this.incoming, name);
      const s = await stat(p).catch(() => null);
      if (s && s.mtimeMs < dayAgo) await this.discard(p);
    }
  }
}
