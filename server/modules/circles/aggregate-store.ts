import type { Knex } from 'knex';
import type { Principal } from '../../types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { changedFields, writeAuditEntry, type AuditAction } from '../../lib/crud/audit.ts';
import { staleVersion } from '../../lib/crud/record-lock.ts';
import {
  actionProblems, circleProblems, ownedByMember, refuse, requireFreeName, roleProblems, takenCircleProblems, userProblems,
} from './circle-checks.ts';

type Named = { Id: number; Name: string };

/** An aggregate circle as its page reads it (circles contract: GET /api/circles/aggregates/:id). */
export interface AggregateAnswer {
  Id: number;
  Name: string;
  Description: string | null;
  IsActive: boolean;
  Role: Named[];
  Permissions: number[];
  AtomicCircleHierarchy: Named[];
  OwnerAtomicCircle: Named | null;
  Users: Named[];
  RowVersion: number;
}

/** The body of create and update: a list left out of an update is left as it is (the page saves its sections apart). */
export interface AggregateBody {
  Name?: string;
  Description?: string | null;
  IsActive?: boolean;
  Role?: Array<{ Id: number }>;
  Permissions?: number[];
  AtomicCircleHierarchy?: Array<{ Id: number }>;
  OwnerAtomicCircle?: { Id: number } | null;
  Users?: Array<{ Id: number }>;
  RowVersion?: number;
}

export const entity = 'aggregatecircles';
const label = 'aggregate circle';
const notFound = () => HttpError.of(404, `This ${label} no longer exists.`, null, 'NotFound');
const ids = (list: Array<{ Id: number }> | undefined) => [...new Set((list ?? []).map((x) => x.Id))];

/** The aggregate by id, or null when there is none. */
export async function readAggregate(db: Knex, id: number): Promise<AggregateAnswer | null> {
  const row = await db('aggregate_circles as g').leftJoin('atomic_circles as o', 'o.atomic_circle_id', 'g.owner_atomic_circle_id')
    .where('g.aggregate_circle_id', id)
    .first({ Id: 'g.aggregate_circle_id', Name: 'g.name', Description: 'g.description', IsActive: 'g.is_active', RowVersion: 'g.row_version', OwnerId: 'o.atomic_circle_id', OwnerName: 'o.name' });
  if (!row) return null;
  const [roles, permissions, circles, users] = await Promise.all([
    db('aggregate_circle_roles as x').join('roles as r', 'r.role_id', 'x.role_id').where('x.aggregate_circle_id', id).select({ Id: 'r.role_id', Name: 'r.name' }).orderBy('r.name'),
    db('aggregate_circle_actions').where({ AggregateCircleId: id }).orderBy('ActionId').select('ActionId'),
    db('atomic_circles').where({ AggregateCircleId: id }).select({ Id: 'atomic_circle_id', Name: 'name' }).orderBy('name'),
    db('user_aggregate_circles as x').join('users as u', 'u.user_id', 'x.user_id').where('x.aggregate_circle_id', id)
      .select({ Id: 'u.user_id', Name: db.raw("u.first_name || ' ' || u.last_name") }).orderBy(['u.last_name', 'u.first_name']),
  ]);
  return {
    Id: row.Id, Name: row.Name, Description: row.Description ?? null, IsActive: row.IsActive, RowVersion: row.RowVersion,
    Role: roles, Permissions: permissions.map((p: { ActionId: number }) => Number(p.ActionId)), AtomicCircleHierarchy: circles, Users: users,
    OwnerAtomicCircle: row.OwnerId ? { Id: row.OwnerId, Name: row.OwnerName } : null,
  };
}

/** The aggregate as its audit entries compare it: scalars and lists of ids. */
function audited(a: AggregateAnswer | null): Record<string, unknown> | null {
  if (!a) return null;
  return {
    Name: a.Name, Description: a.Description, IsActive: a.IsActive, OwnerAtomicCircleId: a.OwnerAtomicCircle?.Id ?? null,
    Role: a.Role.map((r) => r.Id).sort((x, y) => x - y), Permissions: a.Permissions,
    AtomicCircleHierarchy: a.AtomicCircleHierarchy.map((c) => c.Id).sort((x, y) => x - y), Users: a.Users.map((u) => u.Id).sort((x, y) => x - y),
  };
}
const auditedFields = ['Name', 'Description', 'IsActive', 'OwnerAtomicCircleId', 'Role', 'Permissions', 'AtomicCircleHierarchy', 'Users'];

async function audit(trx: Knex, principal: Principal | undefined, action: AuditAction, id: number, before: AggregateAnswer | null, after: AggregateAnswer | null) {
  const changes = changedFields(auditedFields, audited(before), audited(after));
  if (action === 'update' && !changes.length) return;
  await writeAuditEntry(trx, { entity, recordId: id, action, principal, changes });
}

/** Every refusal of the body at once (400), before anything is written. */
async function check(trx: Knex, body: AggregateBody, id: number | null): Promise<void> {
  const circles = body.AtomicCircleHierarchy ? ids(body.AtomicCircleHierarchy) : null;
  const problems = [
    ...(body.Role ? await roleProblems(trx, ids(body.Role)) : []),
    ...(body.Permissions ? await actionProblems(trx, body.Permissions) : []),
    ...(circles ? await circleProblems(trx, circles, 'AtomicCircleHierarchy') : []),
    ...(circles ? await takenCircleProblems(trx, circles, id) : []),
    ...(body.OwnerAtomicCircle ? await circleProblems(trx, [body.OwnerAtomicCircle.Id], 'OwnerAtomicCircle') : []),
    ...(body.Users ? await userProblems(trx, ids(body.Users), 'Users') : []),
  ];
  refuse(problems);
  // The owner may not be a member, as the save leaves the members (those sent, else those it has).
  const ownerId = body.OwnerAtomicCircle === undefined
    ? (id ? (await trx('aggregate_circles').where({ AggregateCircleId: id }).first('OwnerAtomicCircleId'))?.OwnerAtomicCircleId : null)
    : body.OwnerAtomicCircle?.Id ?? null;
  const members = circles ?? (id ? (await trx('atomic_circles').where({ AggregateCircleId: id }).select('AtomicCircleId')).map((r: Record<string, unknown>) => Number(r.AtomicCircleId)) : []);
  if (ownerId && members.includes(Number(ownerId))) throw HttpError.of(400, ownedByMember, 'OwnerAtomicCircle', 'OwnedByMember');
}

/** Replaces the lists the body carries (each left out is kept). */
async function writeLists(trx: Knex, id: number, body: AggregateBody): Promise<void> {
  if (body.Role) {
    await trx('aggregate_circle_roles').where({ AggregateCircleId: id }).delete();
    const rows = ids(body.Role).map((RoleId) => ({ AggregateCircleId: id, RoleId }));
    if (rows.length) await trx('aggregate_circle_roles').insert(rows);
  }
  if (body.Permissions) {
    await trx('aggregate_circle_actions').where({ AggregateCircleId: id }).delete();
    const rows = [...new Set(body.Permissions)].map((ActionId) => ({ AggregateCircleId: id, ActionId }));
    if (rows.length) await trx('aggregate_circle_actions').insert(rows);
  }
  if (body.AtomicCircleHierarchy) {
    const members = ids(body.AtomicCircleHierarchy);
    await trx('atomic_circles').where({ AggregateCircleId: id }).whereNotIn('AtomicCircleId', members).update({ AggregateCircleId: null });
    if (members.length) await trx('atomic_circles').whereIn('AtomicCircleId', members).update({ AggregateCircleId: id });
  }
  if (body.Users) {
    await trx('user_aggregate_circles').where({ AggregateCircleId: id }).delete();
    const rows = ids(body.Users).map((UserId) => ({ AggregateCircleId: id, UserId }));
    if (rows.length) await trx('user_aggregate_circles').insert(rows);
  }
}

/** Creates an aggregate with its lists, in one transaction. */
export async function createAggregate(db: Knex, body: AggregateBody, principal: Principal | undefined): Promise<AggregateAnswer> {
  return db.transaction(async (trx) => {
    await requireFreeName(trx, 'aggregate_circles', 'AggregateCircleId', body.Name!);
    await check(trx, body, null);
    const [row] = await trx('aggregate_circles').insert({
      Name: body.Name, Description: body.Description ?? null, IsActive: body.IsActive ?? true,
      OwnerAtomicCircleId: body.OwnerAtomicCircle?.Id ?? null, CreatedBy: principal?.UserName, CreatedById: principal?.UserId,
    }).returning('AggregateCircleId');
    const id = Number(row.AggregateCircleId);
    await writeLists(trx, id, body);
    const saved = (await readAggregate(trx, id))!;
    await audit(trx, principal, 'create', id, null, saved);
    return saved;
  });
}

/** Updates an aggregate: its row (at the version sent, if any) and the lists the body carries, in one transaction. */
export async function updateAggregate(db: Knex, id: number, body: AggregateBody, principal: Principal | undefined): Promise<AggregateAnswer> {
  return db.transaction(async (trx) => {
    const before = await readAggregate(trx, id);
    if (!before) throw notFound();
    if (body.Name !== undefined) await requireFreeName(trx, 'aggregate_circles', 'AggregateCircleId', body.Name, id);
    await check(trx, body, id);
    const deactivated = body.IsActive === false && before.IsActive;
    const reactivated = body.IsActive === true && !before.IsActive;
    const q = trx('aggregate_circles').where({ AggregateCircleId: id });
    if (body.RowVersion !== undefined) q.where({ RowVersion: body.RowVersion });
    const updated = await q.update({
      ...(body.Name !== undefined ? { Name: body.Name } : {}),
      ...(body.Description !== undefined ? { Description: body.Description } : {}),
      ...(body.IsActive !== undefined ? { IsActive: body.IsActive } : {}),
      ...(body.OwnerAtomicCircle !== undefined ? { OwnerAtomicCircleId: body.OwnerAtomicCircle?.Id ?? null } : {}),
      ...(deactivated ? { DeactivatedBy: principal?.UserName, DeactivatedDate: trx.fn.now() } : {}),
      ...(reactivated ? { DeactivatedBy: null, DeactivatedDate: null } : {}),
      ModifiedBy: principal?.UserName, ModifiedDate: trx.fn.now(), RowVersion: trx.raw('?? + 1', ['RowVersion']),
    });
    if (!updated) throw await staleVersion(trx, 'aggregate_circles', 'AggregateCircleId', id, label);
    await writeLists(trx, id, body);
    const saved = (await readAggregate(trx, id))!;
    await audit(trx, principal, deactivated ? 'deactivate' : 'update', id, before, saved);
    return saved;
  });
}

/** Deletes an aggregate: its atomic circles become non-aggregated (the foreign key sets it null) and keep their records. */
export async function deleteAggregate(db: Knex, id: number, principal: Principal | undefined): Promise<void> {
  await db.transaction(async (trx) => {
    const before = await readAggregate(trx, id);
    if (!before) throw notFound();
    await trx('atomic_circles').where({ AggregateCircleId: id }).update({ AggregateCircleId: null });
    await trx('aggregate_circles').where({ AggregateCircleId: id }).delete();
    await audit(trx, principal, 'delete', id, before, null);
  });
}
