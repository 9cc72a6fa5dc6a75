import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { AggregateCircle, AggregateWrite, IdName } from './circle-api.ts';
import { sameIds } from './permission-tree.ts';

/** The parts of the aggregate the page saves on their own (the name and description go with each). */
export type Part = 'members' | 'permissions' | 'users';

/** What the page edits of an aggregate: the header, and each section's values. */
export interface AggregateDraft {
  Name: string;
  Description: string;
  members: number[];
  owner: IdName | null;
  roles: IdName[];
  permissions: number[];
  users: IdName[];
}

/** A new aggregate: nothing chosen yet. */
export const emptyAggregate: AggregateCircle = {
  Id: 0, Name: '', Description: null, IsActive: true, Role: [], Permissions: [], AtomicCircleHierarchy: [], OwnerAtomicCircle: null, Users: [],
};

/** The draft a saved aggregate starts (and is reset to). */
export function draftOf(record: AggregateCircle): AggregateDraft {
  return {
    Name: record.Name,
    Description: record.Description ?? '',
    members: record.AtomicCircleHierarchy.map((c) => c.Id),
    owner: record.OwnerAtomicCircle,
    roles: record.Role,
    permissions: record.Permissions,
    users: record.Users,
  };
}

const idsOf = (list: readonly IdName[]) => list.map((x) => x.Id);

/** Which parts differ from the saved aggregate: the header, and each section. */
export function changedParts(draft: AggregateDraft, saved: AggregateDraft): { header: boolean } & Record<Part, boolean> {
  return {
    header: draft.Name !== saved.Name || draft.Description !== saved.Description,
    members: !sameIds(draft.members, saved.members) || (draft.owner?.Id ?? null) !== (saved.owner?.Id ?? null),
    permissions: !sameIds(idsOf(draft.roles), idsOf(saved.roles)) || !sameIds(draft.permissions, saved.permissions),
    users: !sameIds(idsOf(draft.users), idsOf(saved.users)),
  };
}

/** The body of a create or update: the header, and the parts named (the others are left as the server has them). */
export function writeOf(draft: AggregateDraft, parts: readonly Part[], rowVersion?: number | string): AggregateWrite {
  const body: AggregateWrite = { Name: draft.Name.trim(), Description: draft.Description.trim() || null };
  if (rowVersion !== undefined) body.RowVersion = rowVersion;
  if (parts.includes('members')) {
    body.AtomicCircleHierarchy = draft.members.map((Id) => ({ Id }));
    body.OwnerAtomicCircle = draft.owner ? { Id: draft.owner.Id } : null;
  }
  if (parts.includes('permissions')) {
    body.Role = draft.roles.map(({ Id }) => ({ Id }));
    body.Permissions = draft.permissions;
  }
  if (parts.includes('users')) body.Users = draft.users.map(({ Id }) => ({ Id }));
  return body;
}

/** After a save: the saved parts and the header take the server's answer; a part not saved keeps what is being edited. */
export function draftAfterSave(draft: AggregateDraft, saved: AggregateDraft, parts: readonly Part[]): AggregateDraft {
  return {
    ...draft,
    Name: saved.Name,
    Description: saved.Description,
    ...(parts.includes('members') ? { members: saved.members, owner: saved.owner } : {}),
    ...(parts.includes('permissions') ? { roles: saved.roles, permissions: saved.permissions } : {}),
    ...(parts.includes('users') ? { users: saved.users } : {}),
  };
}

/** The page's fields the server's errors are matched to (PropertyName); the rest are shown as a list on the form. */
export const fieldProperties = ['Name', 'Description', 'AtomicCircleHierarchy', 'OwnerAtomicCircle', 'Role', 'Permissions', 'Users'] as const;
export type FieldProperty = (typeof fieldProperties)[number];

const normalised = (name: string | null) => (name ?? '').replace(/\[\d+\].*$|\.\d+.*$|\..*$/, '').toLowerCase();

/** The error message for a field, matched by PropertyName case-insensitively (Role[0].Id counts as Role). */
export function errorAt(items: readonly ErrorItem[], field: FieldProperty): string | undefined {
  return items.find((i) => normalised(i.PropertyName) === field.toLowerCase())?.ErrorMessage;
}

/** Errors no field of the page shows. */
export function formLevelErrors(items: readonly ErrorItem[]): ErrorItem[] {
  const known = new Set(fieldProperties.map((f) => f.toLowerCase()));
  return items.filter((i) => !known.has(normalised(i.PropertyName)));
}

/** Editing a field clears the server's errors about it. */
export function withoutErrorsAt(items: readonly ErrorItem[], field: FieldProperty): ErrorItem[] {
  return items.filter((i) => normalised(i.PropertyName) !== field.toLowerCase());
}
