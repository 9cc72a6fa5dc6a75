import { describe, expect, it } from 'vitest';
import type { PermissionNode, PermissionTree, RolePermission, UserPermission } from '../../engine/core/access/types.ts';
import {
  OTHER_CATEGORY_ID, allCategoryIds, moduleAccessRule, buildAccessTree, changeUserOverride, childrenShown, effectiveAccess, roleGrants, roleIdsOf,
  rolePayload, samePermissions, searchModules, setRoleViewAllRecords, toggleRoleAccess, userNodeState, userOverrides, userPayload,
  type UserOverrides,
} from '../../engine/widgets/module-access/logic.ts';
import { largeTree, treeForRoles } from '../../stories/widgets/support/module-access-tree.ts';

const node = (n: Partial<PermissionNode> & Pick<PermissionNode, 'Id' | 'Type'>): PermissionNode => ({
  Name: `N${n.Id}`, Label: `Node ${n.Id}`, ModuleId: n.ParentId ?? n.Id, ParentId: null, CategoryId: null, SortOrder: 0,
  AllowUse: true, AllowViewAllRecords: false, HasAccess: false, ViewAllRecords: false, ReadOnly: false, ...n,
});

/** Users (10, view all offered) with Create (11) and Email (14); Roles (20) with Create (21); Reports (80). */
const small = (): PermissionTree => ({
  Categories: [
    { CategoryId: 1, ParentCategoryId: null, Name: 'Admin', Title: 'Administration', DisplayOrder: 2 },
    { CategoryId: 2, ParentCategoryId: 1, Name: 'Security', Title: 'Security', DisplayOrder: 1 },
    { CategoryId: 3, ParentCategoryId: null, Name: 'Reporting', Title: '', DisplayOrder: 1 },
    { CategoryId: 4, ParentCategoryId: null, Name: 'Empty', Title: 'Empty', DisplayOrder: 0 },
  ],
  Nodes: [
    node({ Id: 14, Type: 'field', Label: 'Email', Name: 'users.EmailAddress', ParentId: 10, SortOrder: 1 }),
    node({ Id: 11, Type: 'route', Label: 'Create', Name: 'users.create', ParentId: 10, SortOrder: 1 }),
    node({ Id: 20, Type: 'module', Label: 'Roles', Name: 'Role', CategoryId: 2, SortOrder: 1 }),
    node({ Id: 10, Type: 'module', Label: 'Users', Name: 'RegisterUser', CategoryId: 2, SortOrder: 1, AllowViewAllRecords: true }),
    node({ Id: 21, Type: 'route', Label: 'Create', Name: 'role.create', ParentId: 20 }),
    node({ Id: 80, Type: 'module', Label: 'Reports', Name: 'ReportModule', CategoryId: 3, AllowViewAllRecords: true }),
    node({ Id: 90, Type: 'module', Label: 'Settings', Name: 'ApplicationSettings', CategoryId: 1, SortOrder: 5 }),
    node({ Id: 95, Type: 'module', Label: 'Orphan', Name: 'Orphan', CategoryId: 77 }),
    node({ Id: 99, Type: 'field', Label: 'Lost', Name: 'lost.Field', ParentId: 12345 }),
  ],
});

const ids = (list: Array<{ Id: number }>) => list.map((p) => p.Id);

describe('module access: building the tree', () => {
  it('nests categories by ParentCategoryId in DisplayOrder, modules by SortOrder then Label, children under their module', () => {
    const a = buildAccessTree(small());
    // 'Empty' lists no module and is left out; Reporting (order 1) before Administration (order 2); unknown category last.
    expect(a.categories.map((c) => c.category.CategoryId)).toEqual([3, 1, OTHER_CATEGORY_ID]);
    const admin = a.categories[1];
    expect(admin.modules.map((m) => m.module.Label)).toEqual(['Settings']);
    expect(admin.categories.map((c) => c.category.Name)).toEqual(['Security']);
    expect(admin.categories[0].depth).toBe(1);
    // Same SortOrder: by Label.
    expect(admin.categories[0].modules.map((m) => m.module.Label)).toEqual(['Roles', 'Users']);
    const users = a.moduleById.get(10)!;
    expect(ids(users.routes)).toEqual([11]);
    expect(ids(users.fields)).toEqual([14]);
    expect(ids(users.children)).toEqual([11, 14]);
    expect(users.path).toEqual(['Administration', 'Security']);
    // A child of an unknown module is nowhere.
    expect(a.modules.flatMap((m) => ids(m.children))).not.toContain(99);
    expect(a.categories[2].modules.map((m) => m.module.Label)).toEqual(['Orphan']);
    expect(allCategoryIds(a)).toEqual([3, 1, 2, OTHER_CATEGORY_ID]);
  });

  it('survives a category cycle', () => {
    const tree = small();
    tree.Categories = [
      { CategoryId: 1, ParentCategoryId: 2, Name: 'A', Title: 'A', DisplayOrder: 1 },
      { CategoryId: 2, ParentCategoryId: 1, Name: 'B', Title: 'B', DisplayOrder: 2 },
    ];
    tree.Nodes = [node({ Id: 10, Type: 'module', CategoryId: 2 })];
    const a = buildAccessTree(tree);
    expect(a.modules.map((m) => m.module.Id)).toEqual([10]);
  });

  it('searches modules by Label or Name, case-insensitively, as a flat list; blank text finds nothing', () => {
    const a = buildAccessTree(small());
    expect(searchModules(a, 'USER').map((m) => m.module.Label)).toEqual(['Users']);
    expect(searchModules(a, 'registeru').map((m) => m.module.Label)).toEqual(['Users']);
    expect(searchModules(a, 'r').map((m) => m.module.Label)).toEqual(['Orphan', 'Reports', 'Roles', 'Users']);
    expect(searchModules(a, 'create')).toEqual([]); // routes are not modules
    expect(searchModules(a, '  ')).toEqual([]);
  });

  it('arranges a large tree (40 modules, 600 children) quickly', () => {
    const start = performance.now();
    const a = buildAccessTree(largeTree(40, 12));
    expect(a.modules).toHaveLength(40);
    expect(a.modules.reduce((n, m) => n + m.children.length, 0)).toBe(600);
    expect(performance.now() - start).toBeLessThan(200);
  });
});

describe('module access: role mode', () => {
  const a = buildAccessTree(small());
  const grants = (list: RolePermission[]) => roleGrants(a, list);

  it("starts from the value, or from the tree's own grants when the form has none", () => {
    const tree = small();
    tree.Nodes.find((n) => n.Id === 10)!.HasAccess = true;
    tree.Nodes.find((n) => n.Id === 10)!.ViewAllRecords = true;
    tree.Nodes.find((n) => n.Id === 11)!.HasAccess = true;
    const t = buildAccessTree(tree);
    expect(rolePayload(t, roleGrants(t, undefined))).toEqual([
      { Id: 10, HasAccess: true, ViewAllRecords: true }, { Id: 11, HasAccess: true, ViewAllRecords: false },
    ]);
    expect(rolePayload(t, roleGrants(t, []))).toEqual([]);
  });

  it('ticking a module grants it with its actions and fields, which are then shown and can be taken away one by one', () => {
    const value = toggleRoleAccess(a, grants([]), 10, true);
    expect(value).toEqual([{ Id: 10, HasAccess: true, ViewAllRecords: false }, { Id: 11, HasAccess: true, ViewAllRecords: false }, { Id: 14, HasAccess: true, ViewAllRecords: false }]);
    expect(toggleRoleAccess(a, grants(value), 14, false)).toEqual([{ Id: 10, HasAccess: true, ViewAllRecords: false }, { Id: 11, HasAccess: true, ViewAllRecords: false }]);
    expect(childrenShown('role', a, grants(value), 10)).toBe(true);
    expect(childrenShown('role', a, grants([]), 10)).toBe(false);
  });

  it('unticking a module clears its children and its View All Records', () => {
    let value = toggleRoleAccess(a, grants([]), 10, true);
    value = toggleRoleAccess(a, grants(value), 14, false);
    value = setRoleViewAllRecords(a, grants(value), 10, true);
    expect(value).toEqual([{ Id: 10, HasAccess: true, ViewAllRecords: true }, { Id: 11, HasAccess: true, ViewAllRecords: false }]);
    value = toggleRoleAccess(a, grants(value), 10, false);
    expect(value).toEqual([]);
    // Ticking the module again grants its children afresh, but not View All Records.
    expect(toggleRoleAccess(a, grants(value), 10, true)).toEqual([{ Id: 10, HasAccess: true, ViewAllRecords: false }, { Id: 11, HasAccess: true, ViewAllRecords: false }, { Id: 14, HasAccess: true, ViewAllRecords: false }]);
  });

  it('never sends a child without its module', () => {
    // A stale value with a child whose module has no access.
    expect(rolePayload(a, grants([{ Id: 11, HasAccess: true, ViewAllRecords: false }, { Id: 21, HasAccess: true, ViewAllRecords: false }, { Id: 20, HasAccess: true, ViewAllRecords: false }])))
      .toEqual([{ Id: 20, HasAccess: true, ViewAllRecords: false }, { Id: 21, HasAccess: true, ViewAllRecords: false }]);
    // Ticking a child of a module without access grants the module with it.
    expect(toggleRoleAccess(a, grants([]), 14, true)).toEqual([{ Id: 10, HasAccess: true, ViewAllRecords: false }, { Id: 14, HasAccess: true, ViewAllRecords: false }]);
    // Only nodes with access are sent, and nodes unknown to the tree are dropped.
    expect(rolePayload(a, grants([{ Id: 80, HasAccess: false, ViewAllRecords: true }, { Id: 4242, HasAccess: true, ViewAllRecords: false }]))).toEqual([]);
  });

  it('offers View All Records only where AllowViewAllRecords and the module has access', () => {
    expect(setRoleViewAllRecords(a, grants([{ Id: 20, HasAccess: true, ViewAllRecords: false }]), 20, true)).toEqual([{ Id: 20, HasAccess: true, ViewAllRecords: false }]);
    expect(setRoleViewAllRecords(a, grants([]), 80, true)).toEqual([]);
    expect(setRoleViewAllRecords(a, grants([{ Id: 80, HasAccess: true, ViewAllRecords: false }]), 80, true)).toEqual([{ Id: 80, HasAccess: true, ViewAllRecords: true }]);
    // A value claiming it where it is not offered is cleaned.
    expect(rolePayload(a, grants([{ Id: 20, HasAccess: true, ViewAllRecords: true }]))).toEqual([{ Id: 20, HasAccess: true, ViewAllRecords: false }]);
  });

  it('leaves a node whose AllowUse is false as it is', () => {
    const tree = small();
    tree.Nodes.find((n) => n.Id === 20)!.AllowUse = false;
    const t = buildAccessTree(tree);
    expect(toggleRoleAccess(t, roleGrants(t, []), 20, true)).toEqual([]);
    expect(toggleRoleAccess(t, roleGrants(t, [{ Id: 20, HasAccess: true, ViewAllRecords: false }]), 20, false)).toEqual([{ Id: 20, HasAccess: true, ViewAllRecords: false }]);
    // Nor is its child granted through it.
    expect(toggleRoleAccess(t, roleGrants(t, []), 21, true)).toEqual([]);
  });
});

describe('module access: user mode', () => {
  // Roles give Users (10) with View All Records, and its Create (11); not Email (14), not Reports (80).
  const inherited = () => {
    const tree = small();
    for (const n of tree.Nodes) {
      if (n.Id === 10) Object.assign(n, { HasAccess: true, ViewAllRecords: true });
      if (n.Id === 11) n.HasAccess = true;
    }
    return buildAccessTree(tree);
  };
  const a = inherited();
  const none: UserOverrides = new Map();
  const change = (o: UserOverrides, id: number, c: Parameters<typeof changeUserOverride>[3]) => changeUserOverride(a, o, id, c);

  it('shows the inherited values; without overrides the effective ones are the same and nothing is sent', () => {
    expect(userNodeState(a.nodes.get(10)!, undefined)).toMatchObject({ inheritedAccess: true, inheritedViewAll: true, access: true, viewAll: true, viewAllOffered: true, overrideAccess: false });
    expect(userNodeState(a.nodes.get(80)!, undefined)).toMatchObject({ access: false, viewAllOffered: false });
    expect(userPayload(a, none)).toEqual([]);
  });

  it('ticking an override changes nothing until the own setting is changed', () => {
    const o = change(none, 10, { overrideHasAccess: true });
    expect(userNodeState(a.nodes.get(10)!, o.get(10)).access).toBe(true);
    expect(userPayload(a, o)).toEqual([]);
    // The own setting does not change without the override.
    expect(userPayload(a, change(none, 14, { HasAccess: true }))).toEqual([]);
  });

  it('an override can deny what a role grants: the module is sent, its children are not', () => {
    let o = change(none, 10, { overrideHasAccess: true });
    o = change(o, 10, { HasAccess: false });
    expect(effectiveAccess(a, o, 10)).toBe(false);
    expect(childrenShown('user', a, o, 10)).toBe(false);
    expect(userPayload(a, o)).toEqual([{ Id: 10, overrideHasAccess: true, HasAccess: false, overrideViewAllRecords: true, ViewAllRecords: false }]);
  });

  it('sends a child only when its module has effective access and its own access differs', () => {
    let o = change(none, 14, { overrideHasAccess: true });
    o = change(o, 14, { HasAccess: true });
    expect(userPayload(a, o)).toEqual([{ Id: 14, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: false, ViewAllRecords: false }]);
    // The module denied: the child's override stays in the draft but is not sent.
    o = change(change(o, 10, { overrideHasAccess: true }), 10, { HasAccess: false });
    expect(ids(userPayload(a, o))).toEqual([10]);
    // A child of a module the roles do not give, nor the user: never sent.
    const r = change(change(none, 81, { overrideHasAccess: true }), 81, { HasAccess: true });
    expect(userPayload(a, r)).toEqual([]);
    // A stale value holding a child without its module: normalised away.
    expect(userPayload(a, userOverrides([{ Id: 21, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: false, ViewAllRecords: false }]))).toEqual([]);
  });

  it('sends a module when only View All Records differs; offers it only with effective access', () => {
    let o = change(none, 10, { overrideViewAllRecords: true });
    expect(userPayload(a, o)).toEqual([]);
    o = change(o, 10, { ViewAllRecords: false });
    expect(userPayload(a, o)).toEqual([{ Id: 10, overrideHasAccess: false, HasAccess: true, overrideViewAllRecords: true, ViewAllRecords: false }]);
    // Reports: no access, so View All Records is not offered and cannot be overridden.
    expect(userPayload(a, change(change(none, 80, { overrideViewAllRecords: true }), 80, { ViewAllRecords: true }))).toEqual([]);
    // Granted by the user: then it is offered.
    let r = change(change(none, 80, { overrideHasAccess: true }), 80, { HasAccess: true });
    expect(userNodeState(a.nodes.get(80)!, r.get(80)).viewAllOffered).toBe(true);
    r = change(change(r, 80, { overrideViewAllRecords: true }), 80, { ViewAllRecords: true });
    expect(userPayload(a, r)).toEqual([{ Id: 80, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: true, ViewAllRecords: true }]);
  });

  it('follows new roles: the same overrides send what differs from the new inherited values', () => {
    const o = userOverrides([{ Id: 80, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: false, ViewAllRecords: false }]);
    expect(ids(userPayload(a, o))).toEqual([80]);
    // Roles that now give Reports: the override changes nothing and is not sent.
    const tree = small();
    tree.Nodes.find((n) => n.Id === 80)!.HasAccess = true;
    expect(userPayload(buildAccessTree(tree), o)).toEqual([]);
  });

  it('reads role Ids as plain Ids or {Id} records', () => {
    expect(roleIdsOf([3, { Id: 1 }, '2', 3, -1, null, { Name: 'x' }])).toEqual([1, 2, 3]);
    expect(roleIdsOf(undefined)).toEqual([]);
  });

  it('compares payloads whatever the key order', () => {
    const p: UserPermission = { Id: 1, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: false, ViewAllRecords: false };
    expect(samePermissions([p], [{ ViewAllRecords: false, HasAccess: true, Id: 1, overrideViewAllRecords: false, overrideHasAccess: true }])).toBe(true);
    expect(samePermissions([p], [])).toBe(false);
  });

  it('the fake roles of the stories add up', () => {
    const t = buildAccessTree(treeForRoles([2, 3]));
    expect(userNodeState(t.nodes.get(50)!, undefined)).toMatchObject({ access: true, viewAll: true });
    expect(userNodeState(t.nodes.get(80)!, undefined)).toMatchObject({ access: true, viewAll: true });
    expect(userNodeState(t.nodes.get(20)!, undefined).access).toBe(false);
  });
});

describe('module access: the rule', () => {
  const ctx = (required: boolean, mode?: 'role' | 'user') => ({ label: 'Module Access', required, options: { mode } });
  it('a required role needs a granted node; user overrides are never required', () => {
    expect(moduleAccessRule(undefined, ctx(true))).toEqual(['Module Access is required.']);
    expect(moduleAccessRule([{ Id: 1, HasAccess: false, ViewAllRecords: false }], ctx(true, 'role'))).toEqual(['Module Access is required.']);
    expect(moduleAccessRule([{ Id: 1, HasAccess: true, ViewAllRecords: false }], ctx(true))).toEqual([]);
    expect(moduleAccessRule([], ctx(false))).toEqual([]);
    expect(moduleAccessRule([], ctx(true, 'user'))).toEqual([]);
  });
});
