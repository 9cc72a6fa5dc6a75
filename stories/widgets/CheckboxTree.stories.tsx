import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';
import { permissionTree } from './support/permission-tree.ts';

const schema = { type: 'object' as const, properties: { Permissions: { type: 'array' as const, title: 'Permissions', items: { type: 'object' as const } } } };
const uiSchema = { Permissions: { 'ui:field': 'checkboxTree' } };

const meta: Meta<typeof FormHarness> = { title: 'Widgets/CheckboxTree', component: FormHarness, args: { schema, uiSchema, formData: { Permissions: permissionTree() } } };
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** Nothing checked. */
export const Empty: Story = {};
/** Users checked: its View action is checked and locked. */
export const Filled: Story = { args: { formData: { Permissions: permissionTree(true) } } };
/** Disabled. */
export const Disabled: Story = { args: { disabled: true, formData: { Permissions: permissionTree(true) } } };
/** Required with nothing checked. */
export const Error: Story = {
  args: { schema: { ...schema, required: ['Permissions'] }, showErrors: true },
  parameters: { expectText: ['Permissions is required.'] },
};
