import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Paper, Stack } from '@mui/material';
import { SearchableCheckList } from '../../ui/screens/circles/SearchableCheckList.tsx';
import { PermissionsEditor } from '../../ui/screens/circles/PermissionsEditor.tsx';
import { SectionButtons } from '../../ui/screens/circles/SectionButtons.tsx';
import type { CombinedForm, IdName } from '../../ui/screens/circles/circle-api.ts';
import { sameIds } from '../../ui/screens/circles/permission-tree.ts';

const circles: IdName[] = ['Default', 'North', 'South', 'West', 'Harbour', 'Depot 12'].map((Name, i) => ({ Id: i + 1, Name }));
const roleOptions: IdName[] = [{ Id: 2, Name: 'Clerk' }, { Id: 3, Name: 'Auditor' }];
const action = (ActionId: number, Name: string, byAuditor: boolean, ParentActionId: number | null = null) =>
  ({ ActionId, Name, ParentActionId, Checked: byAuditor, Locked: byAuditor, GrantedBy: byAuditor ? ['Auditor'] : [] });
/** What the server answers for the roles chosen: Auditor holds the Work Order form. */
const formsFor = (roles: readonly IdName[]): CombinedForm[] => {
  const auditor = roles.some((r) => r.Name === 'Auditor');
  return [
    { FormId: 1, Name: 'Work Order', Actions: [action(11, 'Edit', auditor), action(12, 'Delete', auditor), action(13, 'Copy', false), action(14, 'Print', auditor, 11)] },
    { FormId: 2, Name: 'Incident', Actions: [action(21, 'Edit', false), action(22, 'Print', false)] },
  ];
};

/** The members' list box and the default permissions, as the Groups tab shows them, with their Reset and Save. */
function AggregateSections({ members: initialMembers, roles: initialRoles, permissions: initialPermissions }: { members: number[]; roles: IdName[]; permissions: number[] }) {
  const [members, setMembers] = useState(initialMembers);
  const [roles, setRoles] = useState(initialRoles);
  const [permissions, setPermissions] = useState(initialPermissions);
  const membersDirty = !sameIds(members, initialMembers);
  const permissionsDirty = !sameIds(roles.map((r) => r.Id), initialRoles.map((r) => r.Id)) || !sameIds(permissions, initialPermissions);
  return (
    <Stack spacing={3} sx={{ p: 2, maxWidth: 900 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <SearchableCheckList label="Atomic circles" options={circles} selected={members} onChange={setMembers} />
          <SectionButtons what="members" dirty={membersDirty} busy={false} onReset={() => setMembers(initialMembers)} onSave={() => undefined} />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <PermissionsEditor label="the aggregate" roleOptions={roleOptions} roles={roles} onRolesChange={setRoles} forms={formsFor(roles)} loading={false}
            permissions={permissions} onPermissionsChange={setPermissions} />
          <SectionButtons what="default permissions" dirty={permissionsDirty} busy={false}
            onReset={() => { setRoles(initialRoles); setPermissions(initialPermissions); }} onSave={() => undefined} />
        </Stack>
      </Paper>
    </Stack>
  );
}

const meta = {
  title: 'Screens/Circles/AggregateCircleSections',
  component: AggregateSections,
  args: { members: [2, 3], roles: [], permissions: [] },
} satisfies Meta<typeof AggregateSections>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two members chosen, no roles: every action is the aggregate's own choice. */
export const NoRoles: Story = {};

/** Auditor holds the Work Order form: its actions are checked and locked, named by the role; Incident's Print is explicit. */
export const WithARole: Story = { args: { roles: [roleOptions[1]], permissions: [22] } };
