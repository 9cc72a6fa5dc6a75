import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const meta: Meta<typeof FormHarness> = {
  title: 'Widgets/ToggleButton',
  component: FormHarness,
  args: {
    schema: { type: 'object', properties: { ChangePassword: { type: 'boolean', title: 'Change Password' } } },
    uiSchema: { ChangePassword: { 'ui:widget': 'toggleButton', 'ui:options': { activeLabel: 'Cancel Password Change' } } },
  },
};
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** Off: the button reads the field's label. */
export const Off: Story = { parameters: { expectText: ['Change Password'] } };
/** On: it reads ui:options.activeLabel. */
export const On: Story = { parameters: { expectText: ['Cancel Password Change'] }, args: { formData: { ChangePassword: true } } };
/** Disabled. */
export const Disabled: Story = { args: { disabled: true } };
