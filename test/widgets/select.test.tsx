import { describe, expect, it, vi } from 'vitest';
import { createFakeDataSource } from '../../stories/widgets/support/fake-data-source.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderForm } from './render-form.tsx';

const schema = (required: boolean) => ({
  type: 'object' as const,
  required: required ? ['Colour'] : [],
  properties: { Colour: { type: 'integer' as const, title: 'Colour' } },
});
const ui = (options: object) => ({ Colour: { 'ui:widget': 'select', 'ui:options': options } });

describe('SelectWidget', () => {
  it("is labelled for screen readers and shows 'Please Select' when empty", async () => {
    const { lastData } = renderForm({ schema: schema(false), uiSchema: ui({ source: 'colours' }) });
    const box = await screen.findByRole('combobox', { name: /Colour/ });
    expect(box).toHaveProperty('textContent', 'Please Select');
    await waitFor(() => expect(lastData()?.Colour).toBe(-1));
  });

  it("reads 'Please Wait...' for a saved choice while its options load, then the choice's name", async () => {
    const dataSource = createFakeDataSource({ delayMs: 300 });
    renderForm({ schema: schema(false), uiSchema: ui({ source: 'colours' }), formData: { Colour: 2 }, dataSource });
    const box = await screen.findByRole('combobox', { name: /Colour/ });
    expect(box.textContent).toBe('Please Wait...');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Colour/ }).textContent).toBe('Green'));
  });

  it('is usable from the keyboard', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema: schema(false), uiSchema: ui({ source: 'colours' }) });
    const box = await screen.findByRole('combobox', { name: /Colour/ });
    box.focus();
    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBe(5));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(lastData()?.Colour).toBe(2));
  });

  it('auto-selects the one real option of a required select', async () => {
    const { lastData } = renderForm({ schema: schema(true), uiSchema: ui({ source: 'single' }) });
    await waitFor(() => expect(lastData()?.Colour).toBe(7));
    expect(screen.getByRole('combobox', { name: /Colour/ }).textContent).toBe('The only choice');
  });

  it('reports a required select left on the placeholder', async () => {
    const user = userEvent.setup();
    renderForm({ schema: schema(true), uiSchema: ui({ source: 'colours' }) });
    await screen.findByRole('combobox', { name: /Colour/ });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Colour is required.')).toBeTruthy();
  });

  it("switches to search at 1000 options: 'Start typing to search.' then the matches", async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema: schema(false), uiSchema: ui({ source: 'big' }) });
    // The options load first; then the control becomes a search box.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Colour/ }).tagName).toBe('INPUT'));
    const input = screen.getByRole('combobox', { name: /Colour/ });
    await user.click(input);
    expect(await screen.findByText('Start typing to search.')).toBeTruthy();
    await user.type(input, 'Option 123');
    const option = await screen.findByRole('option', { name: 'Option 1234' });
    expect(screen.getAllByRole('option').length).toBeLessThan(20);
    await user.click(option);
    await waitFor(() => expect(lastData()?.Colour).toBe(1234));
  });

  it('a short query over 2,000 options lists 100 and says how many more match', async () => {
    const user = userEvent.setup();
    renderForm({ schema: schema(false), uiSchema: ui({ source: 'big' }) });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Colour/ }).tagName).toBe('INPUT'));
    await user.type(screen.getByRole('combobox', { name: /Colour/ }), 'Op');
    const note = await screen.findByRole('option', { name: '1900 more. Keep typing to narrow the results.' });
    expect(note.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(101);
  });

  it("lazy: asks the server after the debounce, showing 'Please Wait...', then 'No results.'", async () => {
    const user = userEvent.setup();
    renderForm({ schema: schema(false), uiSchema: ui({ source: 'big', lazy: true }) });
    const input = await screen.findByRole('combobox', { name: /Colour/ });
    await user.type(input, 'zz');
    expect(await screen.findByText('Please Wait...')).toBeTruthy();
    expect(await screen.findByText('No results.', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('lazy: shows the name of an existing value fetched by Id', async () => {
    renderForm({ schema: schema(false), uiSchema: ui({ source: 'big', lazy: true }), formData: { Colour: 42 } });
    const input = await screen.findByRole('combobox', { name: /Colour/ });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Option 0042'));
  });

  it("a failed load raises the 'Read' notice", async () => {
    const source = createFakeDataSource();
    source.notify = vi.fn();
    source.loadOptions = async () => { throw new Error('down'); };
    renderForm({ schema: schema(false), uiSchema: ui({ source: 'colours' }), dataSource: source });
    await waitFor(() => expect(source.notify).toHaveBeenCalledWith('Read', expect.any(Error)));
  });
});
