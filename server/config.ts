import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite in dataDir. */
  databaseUrl?: string;
  /** Only read on the first start against an empty database. */
  adminPassword?: string;
  /** Unset: generated once and kept in dataDir. */
  jwtSecret?: string;
  smtpUrl?: string;
  publicUrl: string;
  /** Where the built UI lives; served with a history fallback when present. */
  uiDir: string;
  logLevel: string;
  /** PGlite in memory instead of dataDir (tests). */
  inMemoryDatabase?: boolean;
}

export class ConfigError extends Error {}

function port(text: string | undefined): number {
  if (text === undefined || text === '') return 3000;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`PORT must be a number from 0 to 65535, not "${text}"`);
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const portNumber = port(env.PORT);
  return {
    port: portNumber,
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://${host === '0.0.0.0' ? 'localhost' : host}:${portNumber}`).replace(/\/$/, ''),
    uiDir: path.resolve(env.UI_DIR || './dist/ui'),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
