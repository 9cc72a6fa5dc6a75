import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const meta: Meta<typeof FormHarness> = {
  title: 'Widgets/Select',
  component: FormHarness,
  args: {
    schema: { type: 'object', required: ['Colour'], properties: { Colour: { type: 'integer', title: 'Colour' } } },
    uiSchema: { Colour: { 'ui:widget': 'select', 'ui:options': { source: 'colours' } } },
  },
};
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** No value: the placeholder 'Please Select' (Id -1) is selected. */
export const Empty: Story = {};

/** A chosen option. */
export const Filled: Story = { args: { formData: { Colour: 2 } } };

/** Required and still on the placeholder: 'Colour is required.' */
export const Error: Story = { parameters: { expectText: ['Colour is required.'] }, args: { showErrors: true, formData: { Colour: -1 } } };

/** Disabled. */
export const Disabled: Story = { args: { formData: { Colour: 3 }, disabled: true } };

/** Required with one real option: that option is selected automatically. */
export const AutoSelectSingle: Story = {
  args: { uiSchema: { Colour: { 'ui:widget': 'select', 'ui:options': { source: 'single' } } } },
};

/** 2,000 options: big-data mode, search from two characters with a 100 ms filter delay. */
export const BigData: Story = {
  args: { uiSchema: { Colour: { 'ui:widget': 'select', 'ui:options': { source: 'big' } } } },
};

/** Lazy: the server is searched by text (800 ms debounce); the chosen option's name is fetched by Id. */
export const LazyFilled: Story = {
  args: {
    formData: { Colour: 1234 },
    uiSchema: { Colour: { 'ui:widget': 'select', 'ui:options': { source: 'big', lazy: true } } },
  },
};
