import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderForm } from './render-form.tsx';

const schema = (items: object = { type: 'object' }) => ({
  type: 'object' as const,
  required: ['Colours'],
  properties: { Colours: { type: 'array' as const, title: 'Colours', items } },
});
const ui = (options: object = {}) => ({ Colours: { 'ui:widget': 'selectMany', 'ui:options': { source: 'colours', ...options } } });

describe('SelectManyWidget', () => {
  it("is labelled, shows 'Please Select...' and is usable from the keyboard", async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema: schema(), uiSchema: ui() });
    const box = await screen.findByRole('combobox', { name: /Colours/ });
    expect(box.textContent).toBe('Please Select...');
    box.focus();
    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBe(4));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastData()?.Colours).toEqual([{ Id: 1, Name: 'Red' }]));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(lastData()?.Colours).toEqual([{ Id: 1, Name: 'Red' }, { Id: 2, Name: 'Green' }]));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: /Colours/ }).textContent).toBe('Red, Green');
  });

  it('stores plain Ids when the items are integers', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema: schema({ type: 'integer' }), uiSchema: ui() });
    await user.click(await screen.findByRole('combobox', { name: /Colours/ }));
    await user.click(await screen.findByRole('option', { name: 'Blue' }));
    await waitFor(() => expect(lastData()?.Colours).toEqual([3]));
  });

  it("counts 'N selection(s) remaining' and disables the rest at the maximum", async () => {
    const user = userEvent.setup();
    renderForm({ schema: schema(), uiSchema: ui({ maxSelections: 1 }), formData: { Colours: [{ Id: 1, Name: 'Red' }] } });
    expect(await screen.findByText('0 selection(s) remaining')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: /Colours/ }));
    const green = await screen.findByRole('option', { name: 'Green' });
    expect(green.getAttribute('aria-disabled')).toBe('true');
  });

  it('asks for the SpecifyMore text once Other is checked', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema: schema(), uiSchema: ui(), formData: { Colours: [{ Id: 4, Name: 'Other' }] } });
    const specify = await screen.findByRole('textbox', { name: 'Other: please specify' });
    await user.type(specify, 'Teal');
    await waitFor(() => expect(lastData()?.Colours).toEqual([{ Id: 4, Name: 'Other', SpecifyMore: 'Teal' }]));
  });

  it('reports a required select-many with nothing chosen', async () => {
    const user = userEvent.setup();
    renderForm({ schema: schema(), uiSchema: ui(), formData: { Colours: [] } });
    await screen.findByRole('combobox', { name: /Colours/ });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Colours is required.')).toBeTruthy();
  });

  it('big data: chooses by search into chips, keeping the value shape', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema: schema({ type: 'integer' }), uiSchema: ui({ source: 'big', maxSelections: 1 }) });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Colours/ }).tagName).toBe('INPUT'));
    const input = screen.getByRole('combobox', { name: /Colours/ });
    await user.click(input);
    expect(await screen.findByText('Start typing to search.')).toBeTruthy();
    await user.type(input, 'Option 0042');
    await user.click(await screen.findByRole('option', { name: 'Option 0042' }));
    await waitFor(() => expect(lastData()?.Colours).toEqual([42]));
    expect(screen.getByText('0 selection(s) remaining')).toBeTruthy();
    // At the maximum a further choice is not added.
    await user.type(input, 'Option 0043');
    await user.click(await screen.findByRole('option', { name: 'Option 0043' }));
    await waitFor(() => expect(lastData()?.Colours).toEqual([42]));
  });
});
