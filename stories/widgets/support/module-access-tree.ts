import type { PermissionCategory, PermissionNode, PermissionTree } from '../../../engine/core/access/types.ts';
import type { PermissionTreeQuery } from '../../../engine/widgets/data-context.tsx';

/** Categories of the fake tree: Administration with Security nested in it, Content, Reporting. */
export const fakeCategories: PermissionCategory[] = [
  { CategoryId: 1, ParentCategoryId: null, Name: 'Administration', Title: 'Administration', DisplayOrder: 1 },
  { CategoryId: 2, ParentCategoryId: 1, Name: 'Security', Title: 'Security', DisplayOrder: 1 },
  { CategoryId: 3, ParentCategoryId: null, Name: 'Content', Title: 'Content', DisplayOrder: 2 },
  { CategoryId: 4, ParentCategoryId: null, Name: 'Reporting', Title: 'Reporting', DisplayOrder: 3 },
];

interface ModuleSpec { id: number; name: string; label: string; category: number; order: number; viewAll?: boolean; allowUse?: boolean; fields?: string[] }

const moduleSpecs: ModuleSpec[] = [
  { id: 10, name: 'RegisterUser', label: 'Users', category: 2, order: 1, viewAll: true, fields: ['FirstName', 'LastName', 'EmailAddress', 'UserName'] },
  { id: 20, name: 'Role', label: 'Roles', category: 2, order: 2, fields: ['Name', 'Description'] },
  { id: 30, name: 'RequestPasswordReset', label: 'Password Reset', category: 2, order: 3, allowUse: false },
  { id: 40, name: 'ApplicationSettings', label: 'Application Settings', category: 1, order: 1 },
  { id: 50, name: 'LookupTableManager', label: 'Lookup Tables', category: 3, order: 1, viewAll: true, fields: ['Name'] },
  { id: 60, name: 'MenuItem', label: 'Menu Items', category: 3, order: 2 },
  { id: 70, name: 'FormManagement', label: 'Forms', category: 3, order: 3, fields: ['Title'] },
  { id: 80, name: 'ReportModule', label: 'Reports', category: 4, order: 1, viewAll: true },
];

const node = (n: Partial<PermissionNode> & Pick<PermissionNode, 'Id' | 'Type' | 'Name' | 'Label' | 'ModuleId'>): PermissionNode => ({
  ParentId: null, CategoryId: null, SortOrder: 0, AllowUse: true, AllowViewAllRecords: false, HasAccess: false, ViewAllRecords: false, ReadOnly: false, ...n,
});

/** The nodes of the fake tree, nothing granted: each module with create, update and delete routes and some fields. */
export function fakeNodes(): PermissionNode[] {
  return moduleSpecs.flatMap((m) => {
    const screen = m.name.toLowerCase();
    return [
      node({ Id: m.id, Type: 'module', Name: m.name, Label: m.label, ModuleId: m.id, CategoryId: m.category, SortOrder: m.order, AllowViewAllRecords: m.viewAll ?? false, AllowUse: m.allowUse ?? true }),
      ...['Create', 'Update', 'Delete'].map((action, i) =>
        node({ Id: m.id + 1 + i, Type: 'route', Name: `${screen}.${action.toLowerCase()}`, Label: action, ModuleId: m.id, ParentId: m.id, SortOrder: i + 1 })),
      ...(m.fields ?? []).map((field, i) =>
        node({ Id: m.id + 4 + i, Type: 'field', Name: `${screen}.${field}`, Label: field.replace(/([a-z])([A-Z])/g, '$1 $2'), ModuleId: m.id, ParentId: m.id, SortOrder: i + 1 })),
    ];
  });
}

/** What each fake role grants: node Id to ViewAllRecords. Role 1 is the administrator, 2 'Staff', 3 'Reporting'. */
export const fakeRoleGrants: Record<number, Record<number, boolean>> = {
  1: Object.fromEntries(fakeNodes().filter((n) => n.AllowUse).map((n) => [n.Id, n.AllowViewAllRecords])),
  2: { 10: false, 11: false, 12: false, 14: false, 15: false, 50: true, 54: false },
  3: { 80: true, 81: false },
};

/** The fake tree with what some roles give together (ViewAllRecords where any of them gives it). */
export function treeForRoles(roleIds: readonly number[]): PermissionTree {
  const grants = roleIds.map((id) => fakeRoleGrants[id] ?? {});
  return {
    Categories: fakeCategories,
    Nodes: fakeNodes().map((n) => {
      const given = grants.filter((g) => n.Id in g);
      return { ...n, HasAccess: given.length > 0, ViewAllRecords: given.some((g) => g[n.Id]) };
    }),
  };
}

/** The fake server's answer to loadPermissionTree: a role's own grants, or what some roles give together. */
export function fakePermissionTree({ roleId, roleIds }: PermissionTreeQuery): PermissionTree {
  if (roleIds) return treeForRoles(roleIds);
  return treeForRoles(roleId ? [roleId] : []);
}

/** A large tree (for speed): `modules` modules in 8 categories, each with 3 routes and `fieldsPerModule` fields. */
export function largeTree(modules = 40, fieldsPerModule = 12, granted = false): PermissionTree {
  const Categories: PermissionCategory[] = Array.from({ length: 8 }, (_, i) => ({ CategoryId: i + 1, ParentCategoryId: i >= 4 ? i - 3 : null, Name: `Category${i + 1}`, Title: `Category ${i + 1}`, DisplayOrder: i }));
  const Nodes = Array.from({ length: modules }, (_, m) => {
    const id = (m + 1) * 100;
    return [
      node({ Id: id, Type: 'module', Name: `Module${m + 1}`, Label: `Module ${m + 1}`, ModuleId: id, CategoryId: (m % 8) + 1, SortOrder: m, AllowViewAllRecords: m % 2 === 0, HasAccess: granted }),
      ...Array.from({ length: 3 + fieldsPerModule }, (_, c) => node({
        Id: id + c + 1, Type: c < 3 ? 'route' : 'field', Name: `module${m + 1}.${c}`, Label: c < 3 ? ['Create', 'Update', 'Delete'][c] : `Field ${c - 2}`,
        ModuleId: id, ParentId: id, SortOrder: c, HasAccess: granted,
      })),
    ];
  }).flat();
  return { Categories, Nodes };
}
