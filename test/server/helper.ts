import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import { configFromEnv, type Config } from '../../server/config.ts';
import { pgliteSnapshot } from './pglite-snapshot.ts';
import { postgresTemplate } from './postgres-template.ts';

export const adminPassword = 'Adm1nPassword';

/** The databases every server suite runs against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databases: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
/**
 * One of them, PostgreSQL when set (as deployed), else PGlite: for the suites that walk every route with every identity,
 * whose checks are the same statements on both engines; walking twice cost minutes of CI for nothing more proved.
 */
export const oneDatabase: Array<'pglite' | 'postgres'> = databases.slice(-1);

/** A fresh PostgreSQL database beside TEST_DATABASE_URL's, already migrated (from the template), dropped when the suite ends. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `metadmin_test_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(base.toString());
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
}

/** Builds the app on a fresh database of the given kind, with `admin` / adminPassword. */
export async function startTestApp(kind: 'pglite' | 'postgres', overrides: Partial<Config> = {}, build: BuildOptions = {}): Promise<TestApp & { stop(): Promise<void> }> {
  const pgdb = kind === 'postgres' ? await freshPostgres() : undefined;
  const config: Config = {
    ...configFromEnv({}),
    inMemoryDatabase: kind === 'pglite',
    pgliteSnapshot: kind === 'pglite' ? await pgliteSnapshot() : undefined,
    databaseUrl: pgdb?.url,
    adminPassword,
    jwtSecret: 'test-secret-test-secret-test-secret',
    uiDir: '/nonexistent',
    // The shipped forms (metadata/forms) only where a suite asks for them: the others start from an empty catalogue of forms.
    applyShippedForms: false,
    ...overrides,
  };
  const app = await buildApp(config, process.env.TEST_LOG ? { logger: { level: 'error' }, ...build } : build);
  return {
    app,
    config,
    stop: async () => {
      await app.close();
      await pgdb?.drop();
    },
  };
}

/** Registers beforeAll/afterAll for a suite and hands back the running app. */
export function useTestApp(kind: 'pglite' | 'postgres', overrides: Partial<Config> = {}, build: BuildOptions = {}): TestApp {
  const holder = {} as TestApp & { stop(): Promise<void> };
  beforeAll(async () => Object.assign(holder, await startTestApp(kind, overrides, build)));
  afterAll(async () => holder.stop?.());
  return holder;
}

export interface SignedIn {
  token: string;
  sessionId: string;
  headers: Record<string, string>;
}

export async function signIn(app: FastifyInstance, UserName = 'admin', Password = adminPassword): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName, Password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const token = String(res.headers['x-auth-token']);
  const sessionId = res.json().Session.SessionId as string;
  return { token, sessionId, headers: { authorization: `Bearer ${token}`, 'session-id': sessionId } };
}

/** app.inject as a signed-in user. */
export function injectAs(app: FastifyInstance, who: SignedIn, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...who.headers, ...(options.headers ?? {}) } });
}
