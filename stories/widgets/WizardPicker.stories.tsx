import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';
import { createFakeDataSource } from './support/fake-data-source.ts';

const levels = ['Problem Behavior', 'Goal', 'Objective', 'Program', 'Activity'].map((Name) => ({ Name, ChildApiUrl: `/wizard/${Name}` }));
const schema = { type: 'object' as const, required: ['Plan'], properties: { Plan: { type: 'array' as const, title: 'Work Plan', items: { type: 'integer' as const } } } };
const uiSchema = { Plan: { 'ui:field': 'wizardPicker', 'ui:options': { levels } } };
const emptySource = { ...createFakeDataSource(), loadWizardLevel: async () => [] };

const meta: Meta<typeof FormHarness> = { title: 'Widgets/WizardPicker', component: FormHarness, args: { schema, uiSchema } };
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** The top level, nothing selected; expanding a node fetches the next level. */
export const Empty: Story = {};
/** Selected nodes. */
export const Filled: Story = { args: { formData: { Plan: [1, 2] } } };
/** Required with nothing selected. */
export const Error: Story = { parameters: { expectText: ['Work Plan is required.'] }, args: { showErrors: true, formData: { Plan: [] } } };
/** Disabled. */
export const Disabled: Story = { args: { disabled: true, formData: { Plan: [1] } } };
/** The server has no nodes: the empty-state text. */
export const NoNodes: Story = { parameters: { expectText: ['Please proceed to the "Create" tab to build your Work Plan...'] }, args: { dataSource: emptySource } };
