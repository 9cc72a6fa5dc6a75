import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const schema = { type: 'object' as const, properties: { Locations: { type: 'array' as const, title: 'Locations', items: { type: 'object' as const } } } };
const ui = (options: object = {}) => ({ Locations: { 'ui:field': 'locations', 'ui:options': options } });
const venue = (n: number) => ({
  Venue: `Hall ${n}`, StartDate: `2026-0${n}-01`, EndDate: `2026-0${n}-03`,
  Address: { Address1: `${n} Main St`, City: 'Albany', State: { Id: 33, Name: 'New York' }, ZipCode: '12207' },
});

const meta: Meta<typeof FormHarness> = { title: 'Widgets/Locations', component: FormHarness, args: { schema, uiSchema: ui() } };
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** No locations. */
export const Empty: Story = {};
/** Two locations, dates MM/dd/yyyy. */
export const Filled: Story = { args: { formData: { Locations: [venue(1), venue(2)] } } };
/** Over the maximum: 'You have exceeded the maximum number of locations permitted.' */
export const Error: Story = { parameters: { expectText: ['You have exceeded the maximum number of locations permitted.'] }, args: { showErrors: true, uiSchema: ui({ max: 1 }), formData: { Locations: [venue(1), venue(2)] } } };
/** Disabled: Add Location is disabled. */
export const Disabled: Story = { args: { disabled: true, formData: { Locations: [venue(1)] } } };
