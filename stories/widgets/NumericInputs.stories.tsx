import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const schema = {
  type: 'object' as const,
  required: ['Amount', 'Rate', 'Ein', 'Phone'],
  properties: {
    Amount: { type: 'number' as const, title: 'Amount' },
    Rate: { type: 'number' as const, title: 'Rate' },
    Ein: { type: 'string' as const, title: 'EIN' },
    Phone: { type: 'string' as const, title: 'Phone' },
  },
};
const uiSchema = {
  Amount: { 'ui:widget': 'currency' },
  Rate: { 'ui:widget': 'percentage' },
  Ein: { 'ui:widget': 'ein' },
  Phone: { 'ui:widget': 'phone' },
};

const meta: Meta<typeof FormHarness> = {
  title: 'Widgets/Currency, Percentage, EIN and Phone',
  component: FormHarness,
  args: { schema, uiSchema },
};
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** All empty. */
export const Empty: Story = {};
/** Filled: $1,234.50, 12.50 %, 12-3456789, (555) 123-4567. */
export const Filled: Story = { args: { formData: { Amount: 1234.5, Rate: 12.5, Ein: '123456789', Phone: '5551234567' } } };
/** A negative amount shows in parentheses; an 11-digit phone shows its country digit. */
export const NegativeAndCountryDigit: Story = { args: { formData: { Amount: -1234.5, Rate: -3, Ein: '123456789', Phone: '15551234567' } } };
/** Required and incomplete values. */
export const Error: Story = { parameters: { expectText: ['Must be a valid EIN.', 'Must be a valid phone number.', 'Amount is required.'] }, args: { showErrors: true, formData: { Ein: '1234', Phone: '555123' } } };
/** Disabled. */
export const Disabled: Story = { args: { disabled: true, formData: { Amount: 99.99, Rate: 5, Ein: '123456789', Phone: '5551234567' } } };
/**
 * Text the inputs could not read ('1 234,50', '555-CALL-NOW'), as a person left it: kept as typed and reported in
 * the input's words, never saved as a blank or another number.
 */
export const TypoKeptAsTyped: Story = {
  parameters: { expectText: ['Must be a valid currency amount.', 'Must be a valid percentage.', 'Must be a valid EIN.', 'Must be a valid phone number.'] },
  args: { showErrors: true, formData: { Amount: '1 234,50', Rate: '12,5', Ein: '12-34', Phone: '555-CALL-NOW' } },
};
/** Plain number and integer fields: a text input that reads '1,234.50' pasted, shown as the number once left. */
export const Numbers: Story = {
  args: {
    schema: { type: 'object', properties: { Quantity: { type: 'integer', title: 'Quantity' }, Weight: { type: ['number', 'null'], title: 'Weight (kg)' } } },
    uiSchema: {},
    formData: { Quantity: 1200, Weight: 12.5 },
  },
};
/** A currency other than USD: 'Invalid Currency'. */
export const InvalidCurrency: Story = {
  args: { formData: { Amount: 10 }, uiSchema: { ...uiSchema, Amount: { 'ui:widget': 'currency', 'ui:options': { currency: 'EUR' } } } },
};
