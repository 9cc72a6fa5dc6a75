import pg from 'pg';
import { hashPassword } from '../../server/lib/password.ts';
import type { Ledger } from './workload.ts';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The simulated users, straight into the migrated database: each may list, create and edit roles (the Role module). */
export async function seedUsers(url: string, names: string[], password: string): Promise<void> {
  const hash = await hashPassword(password);
  await withClient(url, async (db) => {
    const { rows: [role] } = await db.query("insert into roles (name) values ('Load testers') returning role_id");
    const { rows: [module] } = await db.query("select node_id from permission_nodes where name = 'Role' and type = 'module'");
    await db.query(
      `insert into role_permissions (role_id, node_id, has_access, view_all_records)
       select $1, node_id, true, true from permission_nodes where node_id = $2 or parent_node_id = $2`,
      [role.role_id, module.node_id],
    );
    for (const name of names) {
      const { rows: [user] } = await db.query(
        `insert into users (user_name, first_name, last_name, email_address, password_hash, is_verified, is_active, must_change_password)
         values ($1, 'Load', $2, $3, $4, true, true, false) returning user_id`,
        [name, name, `${name}@example.org`, hash],
      );
      await db.query('insert into user_roles (user_id, role_id) values ($1, $2)', [user.user_id, role.role_id]);
    }
  });
}

/**
 * The ledger against the database, row by row: every acknowledged create is there under its marker name, no marker is
 * there twice or without having been sent, and every role holds its last acknowledged description (or one sent after
 * it whose answer never came). Answers the problems found, empty when none.
 */
export async function writesProblems(url: string, ledger: Ledger, runId: string): Promise<{ problems: string[]; rows: number }> {
  const { rows } = await withClient(url, (db) => db.query<{ role_id: number; name: string; description: string }>(
    'select role_id, name, description from roles where name like $1', [`L${runId}-%`],
  ));
  const problems: string[] = [];
  const byId = new Map(rows.map((r) => [r.role_id, r]));
  const names = new Map<string, number>();
  for (const r of rows) names.set(r.name, (names.get(r.name) ?? 0) + 1);
  for (const [name, count] of names) {
    if (count > 1) problems.push(`duplicated: ${count} roles named ${name}`);
    if (!ledger.attemptedNames.has(name)) problems.push(`a role no user sent: ${name}`);
  }
  for (const [id, name] of ledger.created) {
    const row = byId.get(id);
    if (!row || row.name !== name) problems.push(`lost create: role ${id} (${name}) acknowledged but ${row ? `named ${row.name}` : 'absent'}`);
  }
  for (const [id, { acknowledged, unanswered }] of ledger.descriptions) {
    const description = byId.get(id)?.description;
    if (description !== acknowledged && !unanswered.has(description ?? '')) {
      problems.push(`lost update: role ${id} holds "${description}", the last acknowledged write was "${acknowledged}"`);
    }
  }
  return { problems, rows: rows.length };
}
