import type { TreeNode } from '../../../engine/widgets/checkbox-tree/logic.ts';

/** Forms with their actions: View (ActionId 3) follows its form; Delete depends on Edit. */
export const permissionTree = (checked = false): TreeNode[] => [
  {
    Id: 1, Name: 'Users', checked, children: [
      { Id: 11, Name: 'View', ActionId: 3, checked, locked: checked },
      { Id: 12, Name: 'Edit', ActionId: 2, checked: false, children: [{ Id: 121, Name: 'Edit names', checked: false, children: [{ Id: 1211, Name: 'Edit last names', checked: false }] }] },
      { Id: 13, Name: 'Delete', ActionId: 2, DependsOn: 12, checked: false },
    ],
  },
  { Id: 2, Name: 'Roles', checked: false, children: [{ Id: 21, Name: 'View', ActionId: 3, checked: false }] },
];
