import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const schema = {
  type: 'object' as const,
  required: ['Colours'],
  properties: { Colours: { type: 'array' as const, title: 'Colours', items: { type: 'object' as const } } },
};
const ui = (options: object) => ({ Colours: { 'ui:widget': 'selectMany', 'ui:options': { source: 'colours', ...options } } });

const meta: Meta<typeof FormHarness> = {
  title: 'Widgets/SelectMany',
  component: FormHarness,
  args: { schema, uiSchema: ui({}) },
};
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** Nothing chosen: 'Please Select...'. */
export const Empty: Story = { parameters: { expectText: ['Please Select...'] } };
/** Two chosen: named, 'Red, Blue'. */
export const Filled: Story = { parameters: { expectText: ['Red, Blue'] }, args: { formData: { Colours: [{ Id: 1, Name: 'Red' }, { Id: 3, Name: 'Blue' }] } } };
/** Required with nothing chosen. */
export const Error: Story = { parameters: { expectText: ['Colours is required.'] }, args: { showErrors: true, formData: { Colours: [] } } };
/** Disabled. */
export const Disabled: Story = { args: { disabled: true, formData: { Colours: [{ Id: 2, Name: 'Green' }] } } };
/** A maximum of 2: '0 selection(s) remaining' and further options disabled. */
export const MaxSelections: Story = { parameters: { expectText: ['0 selection(s) remaining'] },
  args: { uiSchema: ui({ maxSelections: 2 }), formData: { Colours: [{ Id: 1, Name: 'Red' }, { Id: 2, Name: 'Green' }] } },
};
/** Over the maximum (data from elsewhere): 'You have exceeded the maxiumum number of sections.' */
export const OverMaximum: Story = { parameters: { expectText: ['You have exceeded the maxiumum number of sections.'] },
  args: {
    showErrors: true,
    uiSchema: ui({ maxSelections: 1 }),
    formData: { Colours: [{ Id: 1, Name: 'Red' }, { Id: 2, Name: 'Green' }] },
  },
};
/** 'Other' checked asks for its SpecifyMore text. */
export const SpecifyMore: Story = { args: { formData: { Colours: [{ Id: 4, Name: 'Other', SpecifyMore: 'Teal' }] } } };
/** 2,000 options: chips and search from two characters. */
export const BigData: Story = {
  args: { uiSchema: ui({ source: 'big' }), formData: { Colours: [{ Id: 5, Name: 'Option 0005' }] } },
};
/** Ids only (items of type integer), lazy server search. */
export const LazyIds: Story = {
  args: {
    schema: { type: 'object', properties: { Colours: { type: 'array', title: 'Colours', items: { type: 'integer' } } } },
    uiSchema: ui({ source: 'big', lazy: true }),
    formData: { Colours: [12, 13] },
  },
};
