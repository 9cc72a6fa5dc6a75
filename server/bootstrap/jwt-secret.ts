import { readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config.ts';
import { ensureWritableDir } from '../db/knex.ts';

/** JWT_SECRET, or the one generated on the first start and kept in DATA_DIR (readable by the owner only). */
export async function jwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.inMemoryDatabase) return randomBytes(48).toString('base64url');
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await ensureWritableDir(config.dataDir);
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
