import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderForm } from './render-form.tsx';

const MAX = 'You have exceeded the maximum character length allowable for this field.';
const schema = (props: object = {}, required = true) => ({
  type: 'object' as const,
  required: required ? ['Notes'] : [],
  properties: { Notes: { type: 'string' as const, title: 'Notes', ...props } },
});

describe('text controls in a form', () => {
  it('every plain string field gets the text input and its 200 maximum', async () => {
    const user = userEvent.setup();
    renderForm({ schema: schema({}, false), formData: { Notes: 'x'.repeat(200) } });
    const box = screen.getByRole('textbox', { name: 'Notes' });
    await user.type(box, 'y');
    expect(await screen.findByText(MAX)).toBeTruthy();
  });

  it('a text area with only whitespace and line breaks is still required', async () => {
    const user = userEvent.setup();
    renderForm({ schema: schema(), uiSchema: { Notes: { 'ui:widget': 'textarea' } } });
    await user.type(screen.getByRole('textbox', { name: /Notes/ }), '   {Enter}{Enter}  ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Notes is required.')).toBeTruthy();
  });

  it('numbers get the number input: a text input handing on numbers (no string values for number fields)', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({
      schema: { type: 'object', properties: { Count: { type: 'integer', title: 'Count' } } },
    });
    const box = screen.getByRole('textbox', { name: 'Count' });
    expect(box.getAttribute('inputmode')).toBe('numeric');
    await user.type(box, '1,200');
    await waitFor(() => expect(lastData()?.Count).toBe(1200));
  });

  it.each([['text', undefined], ['text area', 'textarea']])('an optional %s that may be null, emptied, hands on null (left out, an update would keep the old text)', async (_kind, widget) => {
    const user = userEvent.setup();
    const { lastData } = renderForm({
      schema: { type: 'object', properties: { Notes: { type: ['string', 'null'], title: 'Notes' } } },
      uiSchema: widget ? { Notes: { 'ui:widget': widget } } : {},
      formData: { Notes: 'Net 30' },
    });
    await user.clear(screen.getByRole('textbox', { name: 'Notes' }));
    await waitFor(() => expect(lastData()).toEqual({ Notes: null }));
  });

  it('a required text emptied hands on nothing, so it reads as required', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema: schema(), formData: { Notes: 'Net 30' } });
    await user.clear(screen.getByRole('textbox', { name: /Notes/ }));
    await waitFor(() => expect(lastData()).toBeDefined());
    expect(lastData()?.Notes).toBeUndefined();
  });

  it('rich text is a labelled multi-line textbox with a formatting toolbar', async () => {
    renderForm({ schema: schema(), uiSchema: { Notes: { 'ui:widget': 'richtext' } }, formData: { Notes: '<p>Hi</p>' } });
    const box = screen.getByRole('textbox', { name: /Notes/ });
    expect(box.getAttribute('aria-multiline')).toBe('true');
    await waitFor(() => expect(box.textContent).toBe('Hi'));
    expect(screen.getByRole('toolbar', { name: 'Notes formatting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeTruthy();
  });

  it('rich text reports its maximum', async () => {
    renderForm({ schema: schema(), uiSchema: { Notes: { 'ui:widget': 'richtext', 'ui:options': { maxLength: 10 } } }, formData: { Notes: '<p>far too long</p>' } });
    expect(await screen.findByText(MAX)).toBeTruthy();
  });
});

describe('a read-only text', () => {
  it('cannot be typed into, is still readable and selectable, and looks read-only (not as an editable box does)', async () => {
    const user = userEvent.setup();
    renderForm({ schema: schema({}, false), uiSchema: { Notes: { 'ui:readonly': true } }, formData: { Notes: 'Kept' } });
    const box = screen.getByRole('textbox', { name: 'Notes' }) as HTMLInputElement;
    await user.type(box, 'more');
    expect(box.value).toBe('Kept');
    expect(box.readOnly).toBe(true);
    expect(box.disabled).toBe(false);
    const root = box.closest('.MuiInputBase-root')!;
    expect(root.classList.contains('MuiInputBase-readOnly')).toBe(true);
    expect(getComputedStyle(root).backgroundColor).not.toMatch(/^(rgba\(0, 0, 0, 0\)|transparent|)$/);
  });

  it('an editable one keeps the plain look', () => {
    renderForm({ schema: schema({}, false), formData: { Notes: 'Open' } });
    const root = screen.getByRole('textbox', { name: 'Notes' }).closest('.MuiInputBase-root')!;
    expect(root.classList.contains('MuiInputBase-readOnly')).toBe(false);
    expect(getComputedStyle(root).backgroundColor).toMatch(/^(rgba\(0, 0, 0, 0\)|transparent|)$/);
  });
});
