import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { hashPassword } from '../../server/lib/password.ts';
import { benchPassword } from './bench-servers.ts';
import { cpuPerCall, type CpuPerCall } from './cpu.ts';
import { concurrently } from './stats.ts';
import { clients } from './grid.ts';
import { log, perClient, type Plain } from './lowcode-data.ts';

export interface SessionCheckFigures { calls: number; everyFieldEditable: CpuPerCall; withFieldLevels: CpuPerCall; hidden: number; readOnly: number }

/**
 * The session check's CPU for a clerk reading the bench form's records (not a master user, so the evaluator runs):
 * with every field editable, and with field levels (a quarter of the fields hidden, a quarter read-only), the
 * statement captured as the request runs it and run by the plain pg client at `clients` clients.
 */
export async function sessionCheckFigures(app: FastifyInstance, formId: number, plain: Plain, pool: pg.Pool): Promise<SessionCheckFigures> {
  const role = await ensureClerk(plain, formId);
  const fieldNodes: Array<{ node_id: number }> = await plain('permission_nodes').where({ parent_node_id: role.moduleNodeId, type: 'field' }).orderBy('node_id').select('node_id');
  const setLevels = async (levels: boolean) => {
    await plain('role_permissions').where({ role_id: role.roleId }).whereIn('node_id', fieldNodes.map((n) => n.node_id)).delete();
    const quarter = Math.floor(fieldNodes.length / 4);
    const grants = fieldNodes.flatMap((n, i) => (levels && i < quarter ? [] : [{ role_id: role.roleId, node_id: n.node_id, has_access: true, view_all_records: false, read_only: levels && i < 2 * quarter }]));
    await plain('role_permissions').insert(grants);
    return { hidden: levels ? quarter : 0, readOnly: levels ? quarter : 0 };
  };
  const captured: Array<{ sql: string; bindings: unknown[]; name?: string }> = [];
  const listen = (q: { sql: string; bindings?: unknown[]; options?: { name?: string } }) => {
    let i = 0;
    if (q.options?.name?.startsWith('session-check')) captured.push({ sql: q.sql.replace(/\?/g, () => `$${++i}`), bindings: q.bindings ?? [], name: q.options.name });
  };
  app.db.on('query', listen);
  const signIn = await app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'bench-clerk', Password: benchPassword } });
  const headers = { authorization: `Bearer ${signIn.headers['x-auth-token']}`, 'session-id': signIn.json().Session.SessionId };
  const statementFor = async () => {
    captured.length = 0;
    const res = await app.inject({ url: `/api/forms/${formId}/records?pageSize=1`, headers });
    if (res.statusCode !== 200) throw new Error(`the clerk's list: ${res.statusCode} ${res.body}`);
    return captured[0];
  };
  const calls = clients * perClient * 5;
  const run = (st: { sql: string; bindings: unknown[]; name?: string }) => cpuPerCall(calls, undefined, () => concurrently(clients, perClient * 5, () => pool.query({ text: st.sql, values: st.bindings, name: `${st.name}-bench` })));
  try {
    await setLevels(false);
    const plainStatement = await statementFor();
    const levels = await setLevels(true);
    const levelled = await statementFor();
    // The statement is the same; what differs is the grants it reads. Each is warmed, then measured in turn.
    await setLevels(false);
    await run(plainStatement);
    const everyFieldEditable = await run(plainStatement);
    await setLevels(true);
    await run(levelled);
    const withFieldLevels = await run(levelled);
    const f = (c: CpuPerCall) => `${c.postgres.toFixed(3)} + ${c.client.toFixed(3)} = ${c.total.toFixed(3)} ms`;
    log(`session: the session check's CPU per request (PostgreSQL + client), ${calls} calls each, a clerk on the form's list`);
    log(`session:   every field editable                        ${f(everyFieldEditable)}`);
    log(`session:   ${levels.hidden} fields hidden, ${levels.readOnly} read-only              ${f(withFieldLevels)}   (${(withFieldLevels.total - everyFieldEditable.total >= 0 ? '+' : '')}${(withFieldLevels.total - everyFieldEditable.total).toFixed(3)} ms)`);
    return { calls, everyFieldEditable, withFieldLevels, ...levels };
  } finally {
    app.db.off('query', listen);
    await setLevels(false);
  }
}

/** 'bench-clerk', on a role holding the bench form's module with View All Records and every route. */
async function ensureClerk(plain: Plain, formId: number): Promise<{ roleId: number; moduleNodeId: number }> {
  const module = await plain('permission_nodes').where({ type: 'module', name: `Form${formId}` }).first('node_id');
  let role = await plain('roles').where({ name: 'Bench Clerks' }).first('role_id');
  if (!role) {
    [role] = await plain('roles').insert({ name: 'Bench Clerks' }).returning('role_id');
    const routes: Array<{ node_id: number }> = await plain('permission_nodes').where({ parent_node_id: module.node_id }).whereNot({ type: 'field' }).select('node_id');
    await plain('role_permissions').insert([
      { role_id: role.role_id, node_id: module.node_id, has_access: true, view_all_records: true },
      ...routes.map((r) => ({ role_id: role.role_id, node_id: r.node_id, has_access: true, view_all_records: false })),
    ]);
  }
  if (!(await plain('users').where({ user_name: 'bench-clerk' }).first('user_id'))) {
    const [user] = await plain('users').insert({ user_name: 'bench-clerk', first_name: 'Bench', last_name: 'Clerk', email_address: 'clerk@example.org', is_master: false, must_change_password: false, password_hash: await hashPassword(benchPassword) }).returning('user_id');
    await plain('user_roles').insert({ user_id: user.user_id, role_id: role.role_id });
  }
  return { roleId: role.role_id as number, moduleNodeId: module.node_id as number };
}
