import { describe, expect, it } from 'vitest';
import type { PermissionNode, PermissionTree } from '../../engine/core/access/types.ts';
import {
  buildAccessTree, changeUserOverride, roleGrants, rolePayload, setRoleReadOnly, toggleRoleAccess, userNodeState, userOverrides, userPayload,
} from '../../engine/widgets/module-access/logic.ts';

const node = (n: Partial<PermissionNode> & Pick<PermissionNode, 'Id' | 'Type'>): PermissionNode => ({
  Name: `N${n.Id}`, Label: `Node ${n.Id}`, ModuleId: n.ParentId ?? n.Id, ParentId: null, CategoryId: 1, SortOrder: 0,
  AllowUse: true, AllowViewAllRecords: false, HasAccess: false, ViewAllRecords: false, ReadOnly: false, ...n,
});

/** A built form (10) with its update route (11) and two fields, Salary (12) and Grade (13). */
const tree = (inherited: Partial<Record<number, Partial<PermissionNode>>> = {}): PermissionTree => ({
  Categories: [{ CategoryId: 1, ParentCategoryId: null, Name: 'Forms', Title: 'Forms', DisplayOrder: 1 }],
  Nodes: [
    node({ Id: 10, Type: 'module', AllowViewAllRecords: true, ...inherited[10] }),
    node({ Id: 11, Type: 'route', ParentId: 10, ...inherited[11] }),
    node({ Id: 12, Type: 'field', ParentId: 10, Label: 'Salary', ...inherited[12] }),
    node({ Id: 13, Type: 'field', ParentId: 10, Label: 'Grade', ...inherited[13] }),
  ],
});

describe('module access: field levels (spec 2 section 6, a permission enables or disables a field)', () => {
  it('role mode: a granted field can be made read-only and back; a route or module cannot; the level leaves with the access', () => {
    const a = buildAccessTree(tree());
    let value = toggleRoleAccess(a, roleGrants(a, []), 10, true);
    value = setRoleReadOnly(a, roleGrants(a, value), 13, true);
    expect(value.find((p) => p.Id === 13)).toEqual({ Id: 13, HasAccess: true, ViewAllRecords: false, ReadOnly: true });
    expect(value.find((p) => p.Id === 12)).not.toHaveProperty('ReadOnly');
    expect(setRoleReadOnly(a, roleGrants(a, value), 11, true)).toEqual(value);
    expect(setRoleReadOnly(a, roleGrants(a, value), 10, true)).toEqual(value);
    expect(setRoleReadOnly(a, roleGrants(a, value), 13, false).find((p) => p.Id === 13)).not.toHaveProperty('ReadOnly');
    // Unticked and ticked again, the field comes back editable.
    const without = toggleRoleAccess(a, roleGrants(a, value), 13, false);
    expect(toggleRoleAccess(a, roleGrants(a, without), 13, true).find((p) => p.Id === 13)).not.toHaveProperty('ReadOnly');
  });

  it("role mode: a role read from the server keeps its read-only fields (the tree's ReadOnly)", () => {
    const a = buildAccessTree(tree({ 10: { HasAccess: true }, 13: { HasAccess: true, ReadOnly: true } }));
    expect(rolePayload(a, roleGrants(a, undefined))).toEqual([
      { Id: 10, HasAccess: true, ViewAllRecords: false },
      { Id: 13, HasAccess: true, ViewAllRecords: false, ReadOnly: true },
    ]);
  });

  it("user mode: the roles' level shows; an override of the field's access sets the user's own level, sent only when it differs", () => {
    const a = buildAccessTree(tree({ 10: { HasAccess: true }, 12: { HasAccess: true }, 13: { HasAccess: true, ReadOnly: true } }));
    const grade = a.nodes.get(13)!;
    expect(userNodeState(grade, undefined)).toMatchObject({ inheritedReadOnly: true, readOnly: true, access: true });
    // Overriding starts from what the roles give: nothing to send yet.
    let drafts = changeUserOverride(a, userOverrides([]), 13, { overrideHasAccess: true });
    expect(userPayload(a, drafts)).toEqual([]);
    drafts = changeUserOverride(a, drafts, 13, { ReadOnly: false });
    expect(userPayload(a, drafts)).toEqual([{ Id: 13, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: false, ViewAllRecords: false }]);
    // The level cannot be changed without overriding the access.
    const salary = changeUserOverride(a, userOverrides([]), 12, { ReadOnly: true });
    expect(userPayload(a, salary)).toEqual([]);
    const own = changeUserOverride(a, changeUserOverride(a, userOverrides([]), 12, { overrideHasAccess: true }), 12, { ReadOnly: true });
    expect(userPayload(a, own)).toEqual([{ Id: 12, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: false, ViewAllRecords: false, ReadOnly: true }]);
  });
});
