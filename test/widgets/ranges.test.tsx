import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderForm } from './render-form.tsx';

describe('DateRangeField', () => {
  const form = (formData?: object) => ({
    schema: {
      type: 'object' as const,
      properties: { Range: { type: 'object' as const, properties: { StartDate: { type: 'string' as const, format: 'date' }, EndDate: { type: 'string' as const, format: 'date' } } } },
    },
    uiSchema: { Range: { 'ui:field': 'dateRange', 'ui:options': { datePicker: { minView: 'day' } } } },
    formData,
  });

  it("is a group labelled 'Display Date Range' with a Start Date and an End Date", () => {
    renderForm(form());
    const group = screen.getByRole('group', { name: 'Display Date Range' });
    expect(within(group).getByRole('group', { name: 'Start Date' })).toBeTruthy();
    expect(within(group).getByRole('group', { name: 'End Date' })).toBeTruthy();
  });

  it('reports an end before the start', async () => {
    const user = userEvent.setup();
    renderForm(form({ Range: { StartDate: '2026-01-09', EndDate: '2026-01-05' } }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The start date must be before the end date.')).toBeTruthy();
  });

  it('is typed from the keyboard', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm(form());
    const start = screen.getByRole('group', { name: 'Start Date' });
    await user.click(within(start).getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('01052026');
    await waitFor(() => expect(lastData()?.Range).toEqual({ StartDate: '2026-01-05' }));
  });
});

describe('NumberRangeField', () => {
  const form = (formData?: object) => ({
    schema: {
      type: 'object' as const,
      required: ['Amount'],
      properties: { Amount: { type: 'object' as const, title: 'Amount', properties: { Start: { type: 'number' as const }, End: { type: 'number' as const } } } },
    },
    uiSchema: { Amount: { 'ui:field': 'numberRange' } },
    formData,
  });

  it('stores numbers typed into From and To, labelled by the group', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm(form());
    const group = screen.getByRole('group', { name: /Amount/ });
    await user.type(within(group).getByRole('textbox', { name: /From/ }), '1.5');
    await user.type(within(group).getByRole('textbox', { name: /To/ }), '20');
    await waitFor(() => expect(lastData()?.Amount).toEqual({ Start: 1.5, End: 20 }));
  });

  it("a required range with an end missing: 'The number range nust include at least one number.'", async () => {
    const user = userEvent.setup();
    renderForm(form({ Amount: { Start: 3 } }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The number range nust include at least one number.')).toBeTruthy();
  });

  it('reports an end that is not a decimal number', async () => {
    const user = userEvent.setup();
    renderForm(form());
    await user.type(screen.getByRole('textbox', { name: /From/ }), '1.2.3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Must be a valid decimal number.')).toBeTruthy();
  });
});
