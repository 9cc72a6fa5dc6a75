import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { injectAs, signIn, startTestApp, type SignedIn, type TestApp } from './helper.ts';
import { addRole, addUser } from './account-fixtures.ts';
import { grantNodes, nodeId } from './access-fixtures.ts';
import { shippedReportsDir } from '../../server/modules/reports/sync.ts';

/** Starts the app with these REPORTS_* settings, read when the reports routes register. */
export function useReportsApp(kind: 'pglite' | 'postgres', env: () => Promise<Record<string, string>>): TestApp {
  const holder = {} as TestApp & { stop(): Promise<void> };
  beforeAll(async () => {
    const settings = await env();
    Object.assign(process.env, settings);
    try {
      Object.assign(holder, await startTestApp(kind));
    } finally {
      for (const key of Object.keys(settings)) delete process.env[key];
    }
  });
  afterAll(async () => holder.stop?.());
  return holder;
}

/** A report's id by its FileName. */
export async function reportId(app: FastifyInstance, fileName: string): Promise<number> {
  return (await app.db('reports').where({ FileName: fileName }).first('ReportId')).ReportId as number;
}

/** A parameter's id by its report's FileName and its Param. */
export async function parameterId(app: FastifyInstance, fileName: string, param: string): Promise<number> {
  return (await app.db('report_parameters').where({ ReportId: await reportId(app, fileName), Param: param }).first('ParameterId')).ParameterId as number;
}

/**
 * A signed-in user whose one role holds these module nodes and these reports' nodes (by FileName); the modules named
 * in viewAllOf are held with View All Records (what a report reading them whole, ReadsAllOf, asks).
 */
export async function reportUser(app: FastifyInstance, name: string, modules: string[], reports: string[], viewAllOf: string[] = []): Promise<SignedIn> {
  const role = await addRole(app, `${name} role`);
  const nodes = [...await Promise.all(modules.filter((m) => !viewAllOf.includes(m)).map((m) => nodeId(app, m))),
    ...await Promise.all(reports.map((r) => nodeId(app, 'ReportModule', { type: 'route', name: `report:${r}` })))];
  if (nodes.length) await grantNodes(app, role, nodes);
  if (viewAllOf.length) await grantNodes(app, role, await Promise.all(viewAllOf.map((m) => nodeId(app, m))), true);
  await addUser(app, { UserName: name, Password: 'Passw0rd123', RoleIds: [role] });
  return signIn(app, name, 'Passw0rd123');
}

/** The calls of the reports contract as one user (the suite's app and user read at each call). */
export function reportCalls(t: { app: FastifyInstance }, who: () => SignedIn) {
  const get = (url: string) => injectAs(t.app, who(), { method: 'GET', url });
  return {
    get,
    run: (payload: object) => injectAs(t.app, who(), { method: 'POST', url: '/api/reports/run', payload }),
    exportAs: (format: string, payload: object) => injectAs(t.app, who(), { method: 'POST', url: `/api/reports/export?format=${format}`, payload }),
    saveFavorite: (payload: object) => injectAs(t.app, who(), { method: 'POST', url: '/api/reports/favorites', payload }),
    deleteFavorite: (id: number) => injectAs(t.app, who(), { method: 'DELETE', url: `/api/reports/favorites/${id}` }),
  };
}

/** What every injection test sends: text that would end a string and a statement if it were spliced in. */
export const injection = "'); drop table users; --";

/** A folder holding the shipped definitions and these, for REPORTS_DIR. */
export async function reportsDirWith(extra: object[]): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reports-'));
  for (const file of await readdir(shippedReportsDir)) await writeFile(path.join(dir, file), await readFile(path.join(shippedReportsDir, file)));
  for (const def of extra) await writeFile(path.join(dir, `${(def as { FileName: string }).FileName}.json`), JSON.stringify(def));
  return dir;
}

const testDefinition = { Category: 'Tests', CategoryOrder: 9, DisplayOrder: 1, Description: '', ShowHelpText: false, HelpText: '' };

/** 25 numbered rows, filtered by a parameter of every text kind and a date picker (injection and export tests). */
export const rowsReport = {
  ...testDefinition, FileName: 'test-rows', ReportDispName: 'Test rows',
  Query: `select n as number, 'Row ' || n as label, :Day::date + n as day, n % 2 = 0 as even
    from generate_series(1, 25) as n
    where (:Text = 'any' or 'Row ' || n = :Text) and (:Area = 'any' or :Area = 'x') and (:Rich = 'any' or :Rich = 'x')`,
  Parameters: [
    { Param: 'Text', Title: 'Text', ControlType: 0, DisplayOrder: 1 },
    { Param: 'Area', Title: 'Area', ControlType: 1, DisplayOrder: 2 },
    { Param: 'Rich', Title: 'Rich', ControlType: 2, DisplayOrder: 3 },
    { Param: 'Day', Title: 'Day', ControlType: 3, DisplayOrder: 4, DefaultValue: 'today' },
  ],
  Columns: [
    { Name: 'Number', Title: 'Number', Type: 'number', Total: 'sum' },
    { Name: 'Label', Title: 'Label', Type: 'string' },
    { Name: 'Day', Title: 'Day', Type: 'date' },
    { Name: 'Even', Title: 'Even', Type: 'boolean' },
  ],
};

/** Sleeps as long as asked: the time limit's test. */
export const slowReport = {
  ...testDefinition, FileName: 'test-slow', ReportDispName: 'Test slow', DisplayOrder: 2,
  Query: 'select pg_sleep(:Seconds::float8) is null as slept',
  Parameters: [{ Param: 'Seconds', Title: 'Seconds', ControlType: 0, DisplayOrder: 1 }],
  Columns: [{ Name: 'Slept', Title: 'Slept', Type: 'boolean' }],
};

/** Which database a report runs on. */
export const databaseReport = {
  ...testDefinition, FileName: 'test-database', ReportDispName: 'Test database', DisplayOrder: 3,
  Query: 'select current_database()::text as database_name', Parameters: [],
  Columns: [{ Name: 'DatabaseName', Title: 'Database', Type: 'string' }],
};

/** Writes through a function call, which no parser sees: the read-only transaction stops it. */
export const sneakyReport = {
  ...testDefinition, FileName: 'test-sneaky', ReportDispName: 'Test sneaky', DisplayOrder: 4,
  Query: "select nextval('users_user_id_seq')::integer as next_id", Parameters: [],
  Columns: [{ Name: 'NextId', Title: 'Next id', Type: 'number' }],
};
