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
  /** The external support site the help link opens; empty: no help link. */
  helpUrl: string;
  /**
   * Which proxies to believe about the client's address (rate limits count per address): false (none,
   * the default), true (any: only behind a proxy that overwrites X-Forwarded-For), a hop count, or addresses.
   */
  trustProxy: boolean | number | string;
  /** PGlite in memory instead of dataDir (tests). */
  inMemoryDatabase?: boolean;
  /** An in-memory PGlite starts from this dump (tests: a migrated database, made once instead of per suite). */
  pgliteSnapshot?: Blob;
  /** Sender of the product's e-mail (MAIL_FROM). */
  mailFrom: string;
  /** A session with no request for this long is timed out (SESSION_IDLE_SECONDS); the client warns warningSeconds before. */
  sessionIdleSeconds: number;
  sessionWarningSeconds: number;
  /** SINGLE: a new sign-in ends the user's older sessions; UNLIMITED: a user may hold any number (SESSION_MODE). */
  sessionMode: 'SINGLE' | 'UNLIMITED';
  /** How long an e-mailed activation link, and a password-change link, stays valid. */
  activationKeySeconds: number;
  passwordResetKeySeconds: number;
  /**
   * Failed sign-ins allowed within rateLimitWindowSeconds, before 429: for one account from one client address, from one
   * address whatever the account, and for one account from all addresses together (a ceiling against guessing from many
   * addresses, which a browser the account signed in with before is let past).
   */
  signInFailuresPerAccount: number;
  signInFailuresPerAddress: number;
  signInFailuresAccountCeiling: number;
  /** Account e-mail requests (recovery, new codes) allowed per client address within the window. */
  mailRequestsPerAddress: number;
  /** Calls that tell whether an account exists (uniqueness checks, registration, recovery) per address and per user within the window. */
  accountLookupsPerWindow: number;
  /** Client error batches a client address without a session may send within the window (they are written to the database). */
  clientErrorBatchesPerAddress: number;
  rateLimitWindowSeconds: number;
  /** The largest file an upload may be, in MB (MAX_FILE_SIZE_MB); no field's own limit goes above it. */
  maxFileSizeMB: number;
  /** What one user's stored files may hold together, in MB (UPLOAD_QUOTA_MB); an upload past it is refused. */
  uploadQuotaMB: number;
  /** How long an uploaded file no record names is kept before it is removed (ORPHAN_FILE_GRACE_HOURS). */
  orphanFileGraceSeconds: number;
  /** How long a record lock lasts unless renewed (RECORD_LOCK_SECONDS); the browser offers renewal 30 s before. */
  recordLockSeconds: number;
  /** A field type change that rewrites the values of at least this many records is made online (ONLINE_TYPE_CHANGE_ROWS; 0: always). */
  onlineTypeChangeRows: number;
  /** Records an online type change converts per transaction (TYPE_CHANGE_BATCH_ROWS). */
  typeChangeBatchRows: number;
  /** A pause between an online type change's batches, in ms (TYPE_CHANGE_BATCH_PAUSE_MS): room for other work on a busy database. */
  typeChangeBatchPauseMs: number;
  /** Rows an import writes per INSERT and per transaction (IMPORT_BATCH_ROWS). */
  importBatchRows: number;
  /** A pause between an import's batches, in ms (IMPORT_BATCH_PAUSE_MS): room for other work, and time to cancel in tests. */
  importBatchPauseMs: number;
  /** Rows from which an import loads in bulk, its form's list indexes built again after (IMPORT_BULK_ROWS; 0: never). */
  importBulkRows: number;
  /** Apply the application documents the product ships (metadata/forms) at start when not applied before (SHIPPED_FORMS=off: never). */
  applyShippedForms: boolean;
  /** Calls one client address may make to the public pages' data within the window (PUBLIC_READS_PER_ADDRESS). */
  publicReadsPerAddress: number;
}

export class ConfigError extends Error {}

function port(text: string | undefined): number {
  if (text === undefined || text === '') return 3000;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`PORT must be a number from 0 to 65535, not "${text}"`);
  return n;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be a whole number of at least ${min}, not "${text}"`);
  return n;
}

function hostnameOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname;
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL such as https://admin.example.com, not "${publicUrl}"`);
  }
}

function sessionMode(text: string | undefined): Config['sessionMode'] {
  const mode = (text || 'SINGLE').toUpperCase();
  if (mode !== 'SINGLE' && mode !== 'UNLIMITED') throw new ConfigError(`SESSION_MODE must be SINGLE or UNLIMITED, not "${text}"`);
  return mode;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const portNumber = port(env.PORT);
  const publicUrl = (env.PUBLIC_URL || `http://${host === '0.0.0.0' ? 'localhost' : host}:${portNumber}`).replace(/\/$/, '');
  const idle = whole(env, 'SESSION_IDLE_SECONDS', 20 * 60, 2);
  return {
    port: portNumber,
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl,
    uiDir: path.resolve(env.UI_DIR || './dist/ui'),
    logLevel: env.LOG_LEVEL || 'info',
    helpUrl: env.HELP_URL || '',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    mailFrom: env.MAIL_FROM || `no-reply@${hostnameOf(publicUrl)}`,
    sessionIdleSeconds: idle,
    sessionWarningSeconds: Math.min(whole(env, 'SESSION_WARNING_SECONDS', 2 * 60), idle - 1),
    sessionMode: sessionMode(env.SESSION_MODE),
    activationKeySeconds: whole(env, 'ACTIVATION_KEY_HOURS', 72) * 3600,
    passwordResetKeySeconds: whole(env, 'PASSWORD_RESET_KEY_MINUTES', 60) * 60,
    signInFailuresPerAccount: whole(env, 'SIGN_IN_FAILURES_PER_ACCOUNT', 5),
    signInFailuresPerAddress: whole(env, 'SIGN_IN_FAILURES_PER_ADDRESS', 20),
    signInFailuresAccountCeiling: whole(env, 'SIGN_IN_FAILURES_ACCOUNT_CEILING', 100),
    mailRequestsPerAddress: whole(env, 'MAIL_REQUESTS_PER_ADDRESS', 10),
    accountLookupsPerWindow: whole(env, 'ACCOUNT_LOOKUPS_PER_WINDOW', 30),
    clientErrorBatchesPerAddress: whole(env, 'CLIENT_ERROR_BATCHES_PER_ADDRESS', 60),
    rateLimitWindowSeconds: whole(env, 'RATE_LIMIT_WINDOW_MINUTES', 15) * 60,
    maxFileSizeMB: whole(env, 'MAX_FILE_SIZE_MB', 1024),
    uploadQuotaMB: whole(env, 'UPLOAD_QUOTA_MB', 2048),
    orphanFileGraceSeconds: whole(env, 'ORPHAN_FILE_GRACE_HOURS', 24) * 3600,
    onlineTypeChangeRows: whole(env, 'ONLINE_TYPE_CHANGE_ROWS', 20000, 0),
    typeChangeBatchRows: whole(env, 'TYPE_CHANGE_BATCH_ROWS', 5000),
    typeChangeBatchPauseMs: whole(env, 'TYPE_CHANGE_BATCH_PAUSE_MS', 0, 0),
    importBatchRows: whole(env, 'IMPORT_BATCH_ROWS', 1000),
    importBatchPauseMs: whole(env, 'IMPORT_BATCH_PAUSE_MS', 0, 0),
    importBulkRows: whole(env, 'IMPORT_BULK_ROWS', 50000, 0),
    recordLockSeconds: whole(env, 'RECORD_LOCK_SECONDS', 15 * 60),
    applyShippedForms: env.SHIPPED_FORMS !== 'off',
    publicReadsPerAddress: whole(env, 'PUBLIC_READS_PER_ADDRESS', 600),
  };
}

function trustProxyFrom(text: string | undefined): boolean | number | string {
  if (!text || text === 'false') return false;
  if (text === 'true') return true;
  return /^\d+$/.test(text) ? Number(text) : text;
}
