import type { FastifyInstance } from 'fastify';
import { injectAs, signIn, type SignedIn } from './helper.ts';
import { addRole, addUser } from './account-fixtures.ts';
import { grantNodes, nodeId } from './access-fixtures.ts';

/** A report's id by its FileName. */
export async function reportId(app: FastifyInstance, fileName: string): Promise<number> {
  return (await app.db('reports').where({ FileName: fileName }).first('ReportId')).ReportId as number;
}

/** A parameter's id by its report's FileName and its Param. */
export async function parameterId(app: FastifyInstance, fileName: string, param: string): Promise<number> {
  return (await app.db('report_parameters').where({ ReportId: await reportId(app, fileName), Param: param }).first('ParameterId')).ParameterId as number;
}

/** A signed-in user whose one role holds these module nodes and these reports' nodes (by FileName). */
export async function reportUser(app: FastifyInstance, name: string, modules: string[], reports: string[]): Promise<SignedIn> {
  const role = await addRole(app, `${name} role`);
  const nodes = [...await Promise.all(modules.map((m) => nodeId(app, m))),
    ...await Promise.all(reports.map((r) => nodeId(app, 'ReportModule', { type: 'route', name: `report:${r}` })))];
  if (nodes.length) await grantNodes(app, role, nodes);
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
