// @vitest-environment jsdom
// jsdom: DOMPurify's removals (the value handed on is sanitised) need its tree walking; happy-dom drops them.
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import { widgets } from '../../engine/widgets/registry.ts';
import { AppTheme } from '../../ui/theme.tsx';
import { renderForm } from './render-form.tsx';

// jsdom lays nothing out; ProseMirror asks where the caret is to scroll it into view and where a click landed.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();
Element.prototype.getClientRects = noRects;
document.elementFromPoint = () => null;

const MAX = 'You have exceeded the maximum character length allowable for this field.';
const schema = { type: 'object' as const, properties: { Notes: { type: 'string' as const, title: 'Notes' } } };
const richText = (options: object = {}) => ({ Notes: { 'ui:widget': 'richtext', 'ui:options': options } });

async function editorOf() {
  const box = await screen.findByRole('textbox', { name: 'Notes' });
  await waitFor(() => expect(box.getAttribute('contenteditable')).toBe('true'));
  return box;
}

describe('the rich text editor', () => {
  it('is the labelled multi-line textbox; typing hands on sanitised paragraphs and the count of characters', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema, uiSchema: richText() });
    const box = await editorOf();
    expect(box.getAttribute('aria-multiline')).toBe('true');
    await user.click(box);
    await user.keyboard('Hello');
    await waitFor(() => expect(lastData()?.Notes).toBe('<p>Hello</p>'));
    expect(screen.getByText('12 / 8000')).toBeTruthy();
  });

  it('Bold from the toolbar and Ctrl+I from the keyboard format what is typed next; the buttons show as pressed', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema, uiSchema: richText() });
    const box = await editorOf();
    await user.click(box);
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    await user.click(bold);
    await user.keyboard('Loud');
    await waitFor(() => expect(lastData()?.Notes).toBe('<p><strong>Loud</strong></p>'));
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Control>}b{/Control}{Control>}i{/Control}soft');
    await waitFor(() => expect(lastData()?.Notes).toBe('<p><strong>Loud</strong><em>soft</em></p>'));
  });

  it('emptied, hands on nothing (not an empty paragraph) and counts 0', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema, uiSchema: richText(), formData: { Notes: '<p>x</p>' } });
    const box = await editorOf();
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(lastData()).toBeDefined());
    await waitFor(() => expect(lastData()?.Notes).toBeUndefined());
    expect(screen.getByText('0 / 8000')).toBeTruthy();
  });

  it('over its maximum, shows the message in place of the count and marks the box invalid', async () => {
    const user = userEvent.setup();
    renderForm({ schema, uiSchema: richText({ maxLength: 12 }) });
    const box = await editorOf();
    await user.click(box);
    await user.keyboard('Hello');
    expect(await screen.findByText('12 / 12')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('false');
    await user.keyboard('!');
    expect(await screen.findByText(MAX)).toBeTruthy();
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
  });

  it('Ctrl+Z undoes typing, as does the Undo button; Redo brings it back', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema, uiSchema: richText(), formData: { Notes: '<p>Kept</p>' } });
    const box = await editorOf();
    expect(screen.getByRole('button', { name: 'Undo' }).hasAttribute('disabled')).toBe(true);
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}Replaced');
    await waitFor(() => expect(lastData()?.Notes).toBe('<p>Replaced</p>'));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(lastData()?.Notes).toBe('<p>Kept</p>'));
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(lastData()?.Notes).toBe('<p>Replaced</p>'));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(lastData()?.Notes).toBe('<p>Kept</p>'));
  });

  it('a link from the dialog: a javascript: address is refused, a web address is applied to the selection', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({ schema, uiSchema: richText(), formData: { Notes: '<p>Docs</p>' } });
    const box = await editorOf();
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert link' });
    const address = within(dialog).getByRole('textbox', { name: 'Link address' });
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(await within(dialog).findByText(/Enter a web address/)).toBeTruthy();
    await user.clear(address);
    await user.type(address, 'example.org/help{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(lastData()?.Notes).toBe('<p><a href="https://example.org/help" target="_blank" rel="noopener noreferrer nofollow">Docs</a></p>'));
  });

  it('shows a new value from outside (a reset) without handing anything on, and loading does not make the form dirty', async () => {
    const user = userEvent.setup();
    const changes: unknown[] = [];
    render(<AppTheme><ResettableForm onChange={(data) => changes.push(data)} /></AppTheme>);
    const box = await editorOf();
    // The stored <b> is shown as the editor's bold; nothing was handed on for it.
    await waitFor(() => expect(box.innerHTML).toContain('<strong>one</strong>'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(box.textContent).toBe('Second'));
    expect(changes).toEqual([]);
    // Typing after the reset still works from the new value.
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}Third');
    await waitFor(() => expect(changes.at(-1)).toEqual({ Notes: '<p>Third</p>' }));
  });

  it('disabled: not editable and its buttons are disabled', async () => {
    renderForm({ schema, uiSchema: richText(), formData: { Notes: '<p>Read only</p>' }, disabled: true });
    const box = await screen.findByRole('textbox', { name: 'Notes' });
    await waitFor(() => expect(box.getAttribute('contenteditable')).toBe('false'));
    expect(box.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Bold' }).hasAttribute('disabled')).toBe(true);
  });
});

/** A form whose value is replaced from outside, as a record screen's load or reset does. */
function ResettableForm({ onChange }: { onChange: (data: unknown) => void }) {
  const [data, setData] = useState<Record<string, unknown>>({ Notes: '<p>First <b>one</b></p>' });
  return (
    <>
      <Form schema={schema} uiSchema={richText()} formData={data} widgets={widgets} validator={validator}
        onChange={(e) => { setData(e.formData); onChange(e.formData); }}
      />
      <button type="button" onClick={() => setData({ Notes: '<p>Second</p>' })}>Reset</button>
    </>
  );
}
