import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const dateSchema = {
  type: 'object' as const,
  required: ['Range'],
  properties: {
    Range: {
      type: 'object' as const,
      properties: { StartDate: { type: 'string' as const, format: 'date' }, EndDate: { type: 'string' as const, format: 'date' } },
    },
  },
};
const dateUi = (options: object = {}) => ({ Range: { 'ui:field': 'dateRange', 'ui:options': { datePicker: { minView: 'day' }, ...options } } });
const numberSchema = {
  type: 'object' as const,
  required: ['Amount'],
  properties: { Amount: { type: 'object' as const, title: 'Amount', properties: { Start: { type: 'number' as const }, End: { type: 'number' as const } } } },
};
const numberUi = { Amount: { 'ui:field': 'numberRange' } };

const meta: Meta<typeof FormHarness> = {
  title: 'Widgets/Ranges',
  component: FormHarness,
  args: { schema: dateSchema, uiSchema: dateUi() },
};
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** Date range, empty, labelled 'Display Date Range'. */
export const DateRangeEmpty: Story = { parameters: { expectText: ['Display Date Range'] } };
/** Date range, filled. */
export const DateRangeFilled: Story = { args: { formData: { Range: { StartDate: '2026-01-05', EndDate: '2026-01-09' } } } };
/** Date range with the end before the start. */
export const DateRangeError: Story = { parameters: { expectText: ['The start date must be before the end date.'] }, args: { showErrors: true, formData: { Range: { StartDate: '2026-01-09', EndDate: '2026-01-05' } } } };
/** Same day allowed. */
export const DateRangeSameDay: Story = {
  args: { uiSchema: dateUi({ allowSameDay: true }), formData: { Range: { StartDate: '2026-01-05', EndDate: '2026-01-05' } } },
};
/** Date range, disabled. */
export const DateRangeDisabled: Story = { args: { disabled: true, formData: { Range: { StartDate: '2026-01-05', EndDate: '2026-01-09' } } } };
/** Number range, empty. */
export const NumberRangeEmpty: Story = { args: { schema: numberSchema, uiSchema: numberUi } };
/** Number range, filled. */
export const NumberRangeFilled: Story = { args: { schema: numberSchema, uiSchema: numberUi, formData: { Amount: { Start: 1.5, End: 20 } } } };
/** Number range with one end missing: 'The number range nust include at least one number.' */
export const NumberRangeError: Story = { parameters: { expectText: ['The number range nust include at least one number.'] }, args: { schema: numberSchema, uiSchema: numberUi, showErrors: true, formData: { Amount: { Start: 3 } } } };
/** Number range, disabled. */
export const NumberRangeDisabled: Story = { args: { schema: numberSchema, uiSchema: numberUi, disabled: true, formData: { Amount: { Start: 1, End: 2 } } } };
