import { api } from '../../api/api.ts';

/** An id and its label, as every circles call names a circle, a role or a user. */
export interface IdName { Id: number; Name: string }

/** The aggregate circle as GET /api/circles/aggregates/:id answers (and every write of it). */
export interface AggregateCircle {
  Id: number;
  Name: string;
  Description: string | null;
  IsActive: boolean;
  Role: IdName[];
  Permissions: number[];
  AtomicCircleHierarchy: IdName[];
  OwnerAtomicCircle: IdName | null;
  Users: IdName[];
  RowVersion?: number | string;
}

/** An atomic circle as "atomic circle" answers: its own roles when HasOwnRoles, else its aggregate's. */
export interface AtomicCircle {
  Id: number;
  Name: string;
  Description: string | null;
  HasOwnRoles: boolean;
  Role: IdName[];
  Permissions: number[];
  AggregateCircleId: number | null;
  AggregateCircleName: string | null;
  OwnerAtomicCircle: IdName | null;
  IsActive: boolean;
  RowVersion?: number;
}

/** One row action of a form, with whether the circle holds it and which roles grant it. */
export interface CombinedAction {
  ActionId: number;
  Name: string;
  ParentActionId: number | null;
  Checked: boolean;
  /** Granted by a role: changed on the role, not here. */
  Locked: boolean;
  GrantedBy: string[];
}

export interface CombinedForm { FormId: number; Name: string; Actions: CombinedAction[] }

/** The non-aggregated call's item: isChecked when the circle is in the aggregate asked about. */
export interface MemberOption extends IdName { isChecked: boolean }

/** What the update call takes: any list left out is left unchanged on the server. */
export interface AggregateWrite {
  Name: string;
  Description?: string | null;
  RowVersion?: number | string;
  Role?: { Id: number }[];
  Permissions?: number[];
  AtomicCircleHierarchy?: { Id: number }[];
  OwnerAtomicCircle?: { Id: number } | null;
  Users?: { Id: number }[];
}

export interface AtomicRoleWrite {
  Role: { Id: number }[];
  Permissions: number[];
  HasOwnRoles?: boolean;
  /** The version read: a save over someone else's since is refused (409), not silently overwritten. */
  RowVersion?: number;
}

interface UserRow { UserId: number; FirstName?: string | null; LastName?: string | null; UserName?: string | null }

const base = '/api/circles';
const idList = (ids: number[]) => ids.join(',');

/** The calls of the aggregate circle page (spec 3 section 7 "Aggregate and atomic circles"): one place for every path. */
export const circleApi = {
  aggregate: (id: number) => api.get<AggregateCircle>(`${base}/aggregates/${id}`),
  createAggregate: (body: AggregateWrite) => api.post<AggregateCircle>(`${base}/aggregates`, body),
  updateAggregate: (id: number, body: AggregateWrite) => api.post<AggregateCircle>(`${base}/aggregates/${id}`, body),
  deleteAggregate: (id: number) => api.delete<unknown>(`${base}/aggregates/${id}`),
  atomicCircle: (id: number) => api.get<AtomicCircle>(`${base}/atomic-circle?id=${id}`),
  updateAtomicRole: (id: number, body: AtomicRoleWrite) => api.post<AtomicCircle>(`${base}/atomic/${id}/role`, body),
  /** The free atomic circles and those of aggregate `id` (0 when creating). */
  nonAggregated: (id: number) => api.get<MemberOption[]>(`${base}/non-aggregated?id=${Math.max(0, id)}`),
  ownerCircles: (excludeId: number) => api.get<IdName[]>(`${base}/owner-atomic-circles?excludeId=${Math.max(0, excludeId)}`),
  roles: () => api.get<IdName[]>(`${base}/roles`),
  aggregateActions: (roleIds: number[], aggregateCircleId: number) =>
    api.get<CombinedForm[]>(`${base}/combined-form-actions/aggregate?roleIds=${idList(roleIds)}&aggregateCircleId=${aggregateCircleId}`),
  atomicActions: (roleIds: number[], aggregateCircleId: number, atomicCircleId: number) =>
    api.get<CombinedForm[]>(`${base}/combined-form-actions/atomic?roleIds=${idList(roleIds)}&aggregateCircleId=${aggregateCircleId}&atomicCircleId=${atomicCircleId}`),
  /** Users whose names match `search`, for the user picker (the users list call, one short page). */
  users: async (search: string): Promise<IdName[]> => {
    const query = new URLSearchParams({ q: search, pageSize: '20' });
    const { Items } = await api.get<{ Items: UserRow[] }>(`/api/users?${query.toString()}`);
    return Items.map((u) => ({ Id: u.UserId, Name: userLabel(u) }));
  },
};

/** 'Last, First (user name)', or whatever part of it the row has. */
function userLabel(u: UserRow): string {
  const name = [u.LastName, u.FirstName].filter(Boolean).join(', ');
  return name ? (u.UserName ? `${name} (${u.UserName})` : name) : u.UserName ?? `User ${u.UserId}`;
}
