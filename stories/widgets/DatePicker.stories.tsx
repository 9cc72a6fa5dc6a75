import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const schema = { type: 'object' as const, required: ['When'], properties: { When: { type: 'string' as const, title: 'When', format: 'date-time' } } };
const ui = (datePicker: object = {}) => ({ When: { 'ui:widget': 'date', 'ui:options': { datePicker } } });

const meta: Meta<typeof FormHarness> = {
  title: 'Widgets/DatePicker',
  component: FormHarness,
  args: { schema, uiSchema: ui() },
};
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** Defaults: minuteStep 5, minView minute, startView day, week starting Sunday. */
export const Empty: Story = {};
/** A date and time. */
export const Filled: Story = { args: { formData: { When: '2026-03-14T15:30:00.000Z' } } };
/** Required and empty. */
export const Error: Story = { parameters: { expectText: ['When is required.'] }, args: { showErrors: true } };
/** Disabled. */
export const Disabled: Story = { args: { disabled: true, formData: { When: '2026-03-14T15:30:00.000Z' } } };
/** Date only (format "date"): stored as yyyy-MM-dd, shown MM/dd/yyyy. */
export const DateOnly: Story = {
  args: {
    schema: { type: 'object', properties: { When: { type: 'string', title: 'Birthday', format: 'date' } } },
    formData: { When: '1990-02-28' },
  },
};
/** Minutes rounded to 0 or 30, week starting Monday, opening on the month view. */
export const RoundedMondayMonthView: Story = { args: { uiSchema: ui({ roundMinutes: true, weekStart: 1, startView: 'month' }) } };
/** A grid filter: compact and clearable. */
export const Filter: Story = { args: { uiSchema: ui({ controlType: 'filter', minView: 'day' }), formData: { When: '2026-01-01T00:00:00.000Z' } } };
