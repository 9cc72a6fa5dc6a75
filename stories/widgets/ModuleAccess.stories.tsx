import type { Meta, StoryObj } from '@storybook/react-vite';
import { ModuleAccessHarness } from './support/ModuleAccessHarness.tsx';
import { createFakeDataSource } from './support/fake-data-source.ts';
import { largeTree } from './support/module-access-tree.ts';

const permissions = { type: 'array' as const, title: 'Module Access', items: { type: 'object' as const } };

const roleSchema = { type: 'object' as const, properties: { RoleId: { type: 'integer' as const }, Name: { type: 'string' as const, title: 'Name' }, Permissions: permissions } };
const roleUi = { RoleId: { 'ui:widget': 'hidden' }, Permissions: { 'ui:field': 'moduleAccess', 'ui:options': { mode: 'role' } } };

const userSchema = {
  type: 'object' as const,
  properties: { Role: { type: 'array' as const, title: 'Role', items: { type: 'integer' as const } }, Permissions: permissions },
};
const userUi = {
  Role: { 'ui:widget': 'selectMany', 'ui:options': { source: 'roles' } },
  Permissions: { 'ui:field': 'moduleAccess', 'ui:options': { mode: 'user', rolesField: 'Role' } },
};

const source = createFakeDataSource({ delayMs: 50 });
const pending = { ...source, loadPermissionTree: () => new Promise<never>(() => {}) };
const failing = { ...source, loadPermissionTree: async () => { throw new Error('The server is away.'); } };
const large = { ...source, loadPermissionTree: async () => largeTree(40, 12, true) };

const meta: Meta<typeof ModuleAccessHarness> = {
  title: 'Widgets/ModuleAccess',
  component: ModuleAccessHarness,
  args: { schema: roleSchema, uiSchema: roleUi, dataSource: source },
};
export default meta;
type Story = StoryObj<typeof ModuleAccessHarness>;

/** Role mode, an existing role ('Staff'): its grants come with the tree; ticking a module shows its actions and fields. */
export const RoleMode: Story = {
  args: { formData: { RoleId: 2, Name: 'Staff', Permissions: [{ Id: 10, HasAccess: true, ViewAllRecords: false }, { Id: 11, HasAccess: true, ViewAllRecords: false }, { Id: 50, HasAccess: true, ViewAllRecords: true }] } },
  parameters: { expectText: ['Users', 'Lookup Tables'] },
};

/** Role mode, a new role: nothing granted. */
export const NewRole: Story = { args: { formData: { RoleId: 0, Name: '' } } };

/** A copy of the administrator role (/role/create/1): the copy starts with every grant of role 1. */
export const CopyOfRole: Story = { args: { copyOfId: 1, formData: { RoleId: 0, Name: 'Copy of Administrator' } } };

/**
 * User mode: the user is 'Staff', which gives Users and Lookup Tables; the user's override denies Lookup Tables
 * and grants Reports. Changing the roles reloads what they give.
 */
export const UserMode: Story = {
  args: {
    schema: userSchema,
    uiSchema: userUi,
    formData: {
      Role: [2],
      Permissions: [
        { Id: 50, overrideHasAccess: true, HasAccess: false, overrideViewAllRecords: true, ViewAllRecords: false },
        { Id: 80, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: false, ViewAllRecords: false },
      ],
    },
  },
  parameters: { expectText: ['Reports'] },
};

/** The tree on its way. */
export const Loading: Story = { args: { dataSource: pending, formData: { RoleId: 2 } }, parameters: { expectText: ['Please Wait...'] } };

/** The tree could not be read: the 'Read' notice is raised and the field offers to try again. */
export const LoadFailed: Story = { args: { dataSource: failing, formData: { RoleId: 2 } }, parameters: { expectText: ['The module access could not be loaded.'] } };

/** Disabled: nothing can be ticked, the tree can still be opened and searched. */
export const Disabled: Story = { args: { disabled: true, formData: { RoleId: 2, Permissions: [{ Id: 10, HasAccess: true, ViewAllRecords: true }] } } };

/** User mode, disabled. */
export const UserModeDisabled: Story = { args: { ...UserMode.args, disabled: true } };

/** 40 modules and 600 actions and fields, all granted: only the open modules draw their children. */
export const Large: Story = { args: { dataSource: large, formData: { RoleId: 9 } } };
