import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const schema = { type: 'object' as const, properties: { PhoneNumbers: { type: 'array' as const, title: 'Phone Numbers', items: { type: 'object' as const } } } };
const ui = (options: object = {}) => ({ PhoneNumbers: { 'ui:field': 'phoneList', 'ui:options': options } });
const entry = (i: number, primary = false) => ({
  IsPrimary: primary,
  PhoneNumberType: { Id: 1 + (i % 3), Name: ['Home', 'Work', 'Mobile'][i % 3] },
  CountryCode: '1',
  PhoneNumber: `555000${String(i).padStart(4, '0')}`,
  Extension: i % 2 ? String(100 + i) : '',
});

const meta: Meta<typeof FormHarness> = { title: 'Widgets/PhoneList', component: FormHarness, args: { schema, uiSchema: ui() } };
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** No numbers yet. */
export const Empty: Story = {};
/** Two numbers, the second primary. */
export const Filled: Story = { args: { formData: { PhoneNumbers: [entry(1), entry(2, true)] } } };
/** Over maxPhoneNumber: 'You have exceeded the maxium number of permitted additonal items.' */
export const Error: Story = { parameters: { expectText: ['You have exceeded the maxium number of permitted additonal items.'] }, args: { showErrors: true, uiSchema: ui({ maxPhoneNumber: 1 }), formData: { PhoneNumbers: [entry(1, true), entry(2)] } } };
/** Disabled. */
export const Disabled: Story = { args: { disabled: true, formData: { PhoneNumbers: [entry(1, true)] } } };
/** At the maximum: Add is disabled. */
export const AtMaximum: Story = { args: { uiSchema: ui({ max: 2 }), formData: { PhoneNumbers: [entry(1, true), entry(2)] } } };
/** Ten numbers, to check that editing stays quick. */
export const TenNumbers: Story = { args: { formData: { PhoneNumbers: Array.from({ length: 10 }, (_, i) => entry(i, i === 0)) } } };
