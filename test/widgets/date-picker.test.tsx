import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderForm } from './render-form.tsx';

const dateForm = (uiOptions: object = {}, required = false) => ({
  schema: { type: 'object' as const, required: required ? ['When'] : [], properties: { When: { type: 'string' as const, title: 'When', format: 'date' } } },
  uiSchema: { When: { 'ui:options': uiOptions } },
});

async function typeInto(sectionName: string, keys: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('spinbutton', { name: sectionName }));
  await user.keyboard(keys);
  return user;
}

describe('DatePickerWidget', () => {
  it('is a labelled group typed from the keyboard; a date-only field stores yyyy-MM-dd', async () => {
    const { lastData } = renderForm(dateForm());
    expect(screen.getByRole('group', { name: /When/ })).toBeTruthy();
    await typeInto('Month', '03142026');
    await waitFor(() => expect(lastData()?.When).toBe('2026-03-14'));
  });

  it('an optional date cleared from the keyboard hands on null (left out, an update would keep the old date)', async () => {
    const { lastData } = renderForm({
      schema: { type: 'object', properties: { When: { type: ['string', 'null'], title: 'When', format: 'date' } } },
      formData: { When: '2026-03-14' },
    });
    await typeInto('Month', '{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(lastData()).toEqual({ When: null }));
  });

  it('a month over 12 cannot be entered', async () => {
    renderForm(dateForm());
    await typeInto('Month', '13');
    // '1' then '3' cannot make 13: the section starts again at 3.
    expect(screen.getByRole('spinbutton', { name: 'Month' }).getAttribute('aria-valuenow')).toBe('3');
  });

  it("a day past the month's end is reported as not a valid date", async () => {
    const { lastData } = renderForm(dateForm());
    const user = await typeInto('Month', '02302025');
    await waitFor(() => expect(lastData()?.When).toBe('invalid'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('When is not a valid date.')).toBeTruthy();
  });

  it('a year over 9000 is reported as not a valid date', async () => {
    const { lastData } = renderForm(dateForm());
    const user = await typeInto('Month', '01019001');
    await waitFor(() => expect(lastData()?.When).toBe('9001-01-01'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('When is not a valid date.')).toBeTruthy();
  });

  it('rounds minutes to 0 or 30 when configured', async () => {
    const { lastData } = renderForm({
      schema: { type: 'object', properties: { When: { type: 'string', title: 'When', format: 'date-time' } } },
      uiSchema: { When: { 'ui:options': { datePicker: { roundMinutes: true } } } },
    });
    await typeInto('Month', '031420260920AM');
    await waitFor(() => {
      const stored = new Date(String(lastData()?.When));
      expect([stored.getHours(), stored.getMinutes()]).toEqual([9, 30]);
    });
  });

  it('a wrong configuration raises an error naming the option', () => {
    expect(() => renderForm(dateForm({ datePicker: { minuteStep: 60 } }))).toThrow(/minuteStep/);
  });
});

describe('DatePickerWidget default time', () => {
  it('a day chosen from the calendar gets hours 0', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({
      schema: { type: 'object', properties: { When: { type: 'string', title: 'When', format: 'date-time' } } },
    });
    await user.click(screen.getByRole('button', { name: /Choose date/ }));
    const days = await screen.findAllByRole('gridcell', { name: '15' });
    await user.click(days[0]);
    await waitFor(() => {
      const stored = new Date(String(lastData()?.When));
      expect([stored.getDate(), stored.getHours(), stored.getMinutes()]).toEqual([15, 0, 0]);
    });
  });
});
