import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const schema = { type: 'object' as const, required: ['Others'], properties: { Others: { type: 'array' as const, title: 'Other Languages', items: { type: 'object' as const } } } };
const ui = (options: object = {}) => ({ Others: { 'ui:field': 'specifyOther', 'ui:options': options } });
const item = (Id: number, Name: string) => ({ Id, IsActive: true, Name });

const meta: Meta<typeof FormHarness> = { title: 'Widgets/SpecifyOther', component: FormHarness, args: { schema, uiSchema: ui({ max: 3 }) } };
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** No entries. */
export const Empty: Story = {};
/** Two entries. */
export const Filled: Story = { args: { formData: { Others: [item(1, 'Welsh'), item(0, 'Basque')] } } };
/** Required with no entries. */
export const Error: Story = { parameters: { expectText: ['Other Languages is required.'] }, args: { showErrors: true, formData: { Others: [] } } };
/** Disabled. */
export const Disabled: Story = { args: { disabled: true, formData: { Others: [item(1, 'Welsh')] } } };
/** At the maximum of 2: Add Other is disabled. */
export const AtMaximum: Story = { args: { uiSchema: ui({ max: 2 }), formData: { Others: [item(1, 'Welsh'), item(2, 'Basque')] } } };
/** Over the maximum: 'You have exceeded the maxim number of permitted Other fields.' */
export const OverMaximum: Story = { parameters: { expectText: ['You have exceeded the maxim number of permitted Other fields.'] }, args: { showErrors: true, uiSchema: ui({ max: 1 }), formData: { Others: [item(1, 'Welsh'), item(2, 'Basque')] } } };
