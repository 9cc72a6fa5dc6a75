import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const binDir = process.env.PG_BIN_DIR ?? '/usr/local/bin';

/**
 * A PostgreSQL of the load test's own (initdb into a temporary folder, its own port on loopback), so stopping it
 * harms nothing else on the machine. initdb and pg_ctl refuse to run as root: as root (CI) they run as the
 * `postgres` user, who owns the folder.
 */
export class PostgresCluster {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'metadmin-load-pg-'));
  readonly dataDir = path.join(this.dir, 'data');
  readonly url: string;

  constructor(readonly port: number) {
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  private asOwner(command: string, args: string[]) {
    const file = path.join(binDir, command);
    const asRoot = userInfo().uid === 0;
    return asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
  }

  async init(): Promise<void> {
    if (userInfo().uid === 0) {
      const { uid, gid } = await ownerIds();
      chownSync(this.dir, uid, gid);
    }
    await this.asOwner('initdb', ['-D', this.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
    await this.asOwner('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', path.join(this.dir, 'log'), '-w', '-t', '60', 'start']);
  }

  /** Immediate: every connection is cut as in a crash, and the next start recovers from the write-ahead log. */
  async stop(mode: 'immediate' | 'fast' = 'immediate'): Promise<void> {
    await this.asOwner('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    await this.stop('fast').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function ownerIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
