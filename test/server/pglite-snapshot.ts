import { createHash } from 'node:crypto';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migratedPgliteSnapshot } from '../../server/db/knex.ts';

/** The migrations' sources: a change to any of them makes a new snapshot. */
export async function migrationsHash(): Promise<string> {
  const dir = path.resolve('server/db/migrations');
  const hash = createHash('sha256');
  for (const file of (await readdir(dir)).sort()) hash.update(file).update(await readFile(path.join(dir, file)));
  hash.update(await readFile(path.resolve('server/db/migrate.ts')));
  return hash.digest('hex').slice(0, 16);
}

let cached: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite database, made once and kept in the temp folder, so each suite starts from it
 * instead of running initdb and every migration again (seconds per suite). Written atomically: suites
 * running side by side may both make it, and neither reads half a file.
 */
export function pgliteSnapshot(): Promise<Blob> {
  cached ??= (async () => {
    const file = path.join(os.tmpdir(), `metadmin-pglite-${await migrationsHash()}.tar`);
    const existing = await readFile(file).catch(() => null);
    if (existing) return new Blob([existing]);
    const dump = await migratedPgliteSnapshot();
    const temp = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(temp, Buffer.from(await dump.arrayBuffer()));
    await rename(temp, file);
    return dump;
  })();
  return cached;
}
