import type { Knex } from 'knex';
import type { Principal } from '../../types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { changedFields, writeAuditEntry } from '../../lib/crud/audit.ts';
import { staleVersion } from '../../lib/crud/record-lock.ts';
import { actionProblems, circleMissing, circleProblems, ownedByMember, refuse, roleProblems } from './circle-checks.ts';

type Named = { Id: number; Name: string };

/** An atomic circle as the aggregate page reads it (circles contract: GET /api/circles/atomic-circle). */
export interface AtomicAnswer {
  Id: number;
  Name: string;
  Description: string | null;
  HasOwnRoles: boolean;
  /** The roles in force: its own when HasOwnRoles, else its aggregate's (what it inherits). */
  Role: Named[];
  /** The explicit action grants in force, by the same rule. */
  Permissions: number[];
  AggregateCircleId: number | null;
  AggregateCircleName: string | null;
  OwnerAtomicCircle: Named | null;
  IsActive: boolean;
  RowVersion: number;
}

export interface AtomicRoleBody {
  Role?: Array<{ Id: number }>;
  Permissions?: number[];
  OwnerAtomicCircle?: { Id: number } | null;
  HasOwnRoles?: boolean;
  RowVersion?: number;
}

export const atomicEntity = 'atomiccircles';
export const ownsItself = 'An atomic circle cannot own itself.';
const ids = (list: Array<{ Id: number }> | undefined) => [...new Set((list ?? []).map((x) => x.Id))];

/** The roles and explicit grants in force for a circle: its own, or its aggregate's (circle_roles, circle_actions). */
async function inForce(db: Knex, id: number): Promise<{ Role: Named[]; Permissions: number[] }> {
  const [roles, actions] = await Promise.all([
    db('circle_roles as x').join('roles as r', 'r.role_id', 'x.role_id').where('x.atomic_circle_id', id).distinct({ Id: 'r.role_id', Name: 'r.name' }).orderBy('r.name'),
    db('circle_actions').where({ AtomicCircleId: id }).distinct('ActionId').orderBy('ActionId'),
  ]);
  return { Role: roles, Permissions: actions.map((a: { ActionId: number }) => Number(a.ActionId)) };
}

export async function readAtomic(db: Knex, id: number): Promise<AtomicAnswer | null> {
  const row = await db('atomic_circles as c')
    .leftJoin('aggregate_circles as g', 'g.aggregate_circle_id', 'c.aggregate_circle_id')
    .leftJoin('atomic_circles as o', 'o.atomic_circle_id', 'c.owner_atomic_circle_id')
    .where('c.atomic_circle_id', id)
    .first({
      Id: 'c.atomic_circle_id', Name: 'c.name', Description: 'c.description', HasOwnRoles: 'c.has_own_roles', IsActive: 'c.is_active', RowVersion: 'c.row_version',
      AggregateCircleId: 'g.aggregate_circle_id', AggregateCircleName: 'g.name', OwnerId: 'o.atomic_circle_id', OwnerName: 'o.name',
    });
  if (!row) return null;
  const { OwnerId, OwnerName, ...rest } = row;
  return { ...rest, Description: rest.Description ?? null, AggregateCircleId: rest.AggregateCircleId ?? null, AggregateCircleName: rest.AggregateCircleName ?? null, OwnerAtomicCircle: OwnerId ? { Id: OwnerId, Name: OwnerName } : null, ...(await inForce(db, id)) };
}

const auditedFields = ['HasOwnRoles', 'Role', 'Permissions', 'OwnerAtomicCircleId'];
const audited = (a: AtomicAnswer) => ({
  HasOwnRoles: a.HasOwnRoles, Role: a.Role.map((r) => r.Id).sort((x, y) => x - y), Permissions: a.Permissions, OwnerAtomicCircleId: a.OwnerAtomicCircle?.Id ?? null,
});

/**
 * 'Update atomic circle role': saving roles gives the circle its own roles and permissions (HasOwnRoles true);
 * HasOwnRoles false clears them, so it inherits its aggregate's again. One transaction, audited under atomiccircles.
 */
export async function saveAtomicRole(db: Knex, id: number, body: AtomicRoleBody, principal: Principal | undefined): Promise<AtomicAnswer> {
  return db.transaction(async (trx) => {
    const before = await readAtomic(trx, id);
    if (!before) throw HttpError.of(404, circleMissing(id), null, 'NotFound');
    const inherit = body.HasOwnRoles === false;
    refuse([
      ...(!inherit && body.Role ? await roleProblems(trx, ids(body.Role)) : []),
      ...(!inherit && body.Permissions ? await actionProblems(trx, body.Permissions) : []),
      ...(body.OwnerAtomicCircle ? await circleProblems(trx, [body.OwnerAtomicCircle.Id], 'OwnerAtomicCircle') : []),
    ]);
    if (body.OwnerAtomicCircle?.Id === id) throw HttpError.of(400, ownsItself, 'OwnerAtomicCircle', 'OwnsItself');
    const q = trx('atomic_circles').where({ AtomicCircleId: id });
    if (body.RowVersion !== undefined) q.where({ RowVersion: body.RowVersion });
    const updated = await q.update({
      HasOwnRoles: !inherit,
      ...(body.OwnerAtomicCircle !== undefined ? { OwnerAtomicCircleId: body.OwnerAtomicCircle?.Id ?? null } : {}),
      ModifiedBy: principal?.UserName, ModifiedDate: trx.fn.now(), RowVersion: trx.raw('?? + 1', ['RowVersion']),
    });
    if (!updated) throw await staleVersion(trx, 'atomic_circles', 'AtomicCircleId', id, 'atomic circle');
    // Own roles start from those in force (the aggregate's) when the body leaves them out; inheriting drops them.
    if (inherit || body.Role || !before.HasOwnRoles) {
      const roles = inherit ? [] : body.Role ? ids(body.Role) : before.Role.map((r) => r.Id);
      await trx('atomic_circle_roles').where({ AtomicCircleId: id }).delete();
      if (roles.length) await trx('atomic_circle_roles').insert(roles.map((RoleId) => ({ AtomicCircleId: id, RoleId })));
    }
    if (inherit || body.Permissions || !before.HasOwnRoles) {
      const actions = inherit ? [] : [...new Set(body.Permissions ?? before.Permissions)];
      await trx('atomic_circle_actions').where({ AtomicCircleId: id }).delete();
      if (actions.length) await trx('atomic_circle_actions').insert(actions.map((ActionId) => ({ AtomicCircleId: id, ActionId })));
    }
    const saved = (await readAtomic(trx, id))!;
    const changes = changedFields(auditedFields, audited(before), audited(saved));
    if (changes.length) await writeAuditEntry(trx, { entity: atomicEntity, recordId: id, action: 'update', principal, changes });
    return saved;
  });
}

/** An atomic circle may not join an aggregate it owns (the aggregate's owner is checked the same way from its side). */
export async function requireNotOwnerOfAggregate(trx: Knex, circleId: number, aggregateId: number | null | undefined): Promise<void> {
  if (!aggregateId) return;
  const aggregate = await trx('aggregate_circles').where({ AggregateCircleId: aggregateId }).first('OwnerAtomicCircleId');
  if (aggregate?.OwnerAtomicCircleId === circleId) throw HttpError.of(400, ownedByMember, 'AggregateCircleId', 'OwnedByMember');
}
