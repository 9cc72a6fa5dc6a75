import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderForm } from './render-form.tsx';

const form = (name: string, widget: string, type: 'number' | 'string') => ({
  schema: { type: 'object' as const, properties: { [name]: { type, title: name } } },
  uiSchema: { [name]: { 'ui:widget': widget } },
});

describe('formatted inputs', () => {
  it('currency: typed text becomes a number, shown as USD after leaving the field', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm(form('Amount', 'currency', 'number'));
    const box = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(box, '(1,234.5)');
    await waitFor(() => expect(lastData()?.Amount).toBe(-1234.5));
    await user.tab();
    expect((box as HTMLInputElement).value).toBe('($1,234.50)');
    // Coming back changes nothing on screen: the caret goes where the person clicked, in the text they see.
    await user.click(box);
    expect((box as HTMLInputElement).value).toBe('($1,234.50)');
  });

  it('phone: digits only in the data, (xxx) xxx-xxxx on screen', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm(form('Phone', 'phone', 'string'));
    const box = screen.getByRole('textbox', { name: 'Phone' });
    await user.type(box, '555-123-4567');
    await waitFor(() => expect(lastData()?.Phone).toBe('5551234567'));
    await user.tab();
    expect((box as HTMLInputElement).value).toBe('(555) 123-4567');
  });

  it('EIN: digits only, 12-3456789 on screen, incomplete kept as typed and reported on submit', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm(form('EIN', 'ein', 'string'));
    const box = screen.getByRole('textbox', { name: 'EIN' });
    await user.type(box, '123456789');
    await waitFor(() => expect(lastData()?.EIN).toBe('123456789'));
    await user.tab();
    expect((box as HTMLInputElement).value).toBe('12-3456789');
    await user.clear(box);
    await user.type(box, '12-34');
    await waitFor(() => expect(lastData()?.EIN).toBe('12-34'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Must be a valid EIN.')).toBeTruthy();
  });

  it('percentage: shows two decimals and a percent sign', async () => {
    renderForm({ ...form('Rate', 'percentage', 'number'), formData: { Rate: 7 } });
    expect((screen.getByRole('textbox', { name: 'Rate' }) as HTMLInputElement).value).toBe('7.00 %');
  });
});
