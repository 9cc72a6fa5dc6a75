import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const schema = { type: 'object' as const, properties: { Address: { type: 'object' as const, title: 'Address' } } };
const uiSchema = { Address: { 'ui:field': 'address' } };

const meta: Meta<typeof FormHarness> = { title: 'Widgets/Address', component: FormHarness, args: { schema, uiSchema } };
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** Untouched optional address: nothing required. */
export const Empty: Story = {};
/** A United States address: State and Zip Code. */
export const FilledUnitedStates: Story = {
  args: { formData: { Address: { Country: { Id: 1, Name: 'UNITED STATES' }, Address1: '1 Main St', City: 'Albany', State: { Id: 33, Name: 'New York' }, ZipCode: '12207' } } },
};
/** Another country: Province/Region and Postal Code. */
export const FilledOtherCountry: Story = {
  args: { formData: { Address: { Country: { Id: 2, Name: 'CANADA' }, Address1: '1 Rue Principale', City: 'Ottawa', ProvinceRegion: 'Ontario', PostalCode: 'K1A 0B1' } } },
};
/** A United States address missing Address 1 and State, with a bad zip code. */
export const Error: Story = {
  parameters: { expectText: ['Address 1 is required.', 'State is required.', 'Must be a valid zip code.'] },
  args: { showErrors: true, formData: { Address: { Country: { Id: 1, Name: 'UNITED STATES' }, City: 'Albany', ZipCode: '1234' } } },
};
/** Disabled. */
export const Disabled: Story = { args: { disabled: true, formData: FilledUnitedStates.args?.formData } };
/** Required address. */
export const Required: Story = {
  args: { schema: { ...schema, required: ['Address'] }, showErrors: true, formData: { Address: {} } },
};
