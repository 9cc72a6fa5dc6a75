import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { WidgetProps } from '@rjsf/utils';
import { FormScreen } from '../../engine/react/form/FormScreen.tsx';
import { typingPauseMs } from '../../engine/react/form/useProgressiveCount.ts';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../engine/core/forms/types.ts';

function screenOf(fields: string[], uiSchema: Record<string, unknown> = {}, sections?: Array<{ title: string; fields: string[] }>) {
  return {
    id: 'things', title: 'Things', module: null, entity: 'Thing', api: '/api/things', idField: 'Id',
    routes: { update: '/things/update/:id' },
    form: { fields: { update: fields }, uiSchema, promptOnAbandon: false, ...(sections ? { sections } : {}) },
  } as unknown as ScreenDocument;
}

function renderForm(doc: ScreenDocument, entity: JsonSchema, record: Record<string, unknown>) {
  const router = createMemoryRouter([{ path: '*', element: (
    <FormScreen screen={doc} entity={entity} mode="update" record={record} title="Update Thing" save={vi.fn(async (v) => v)} onDone={() => {}} />
  ) }]);
  render(<RouterProvider router={router} />);
}

describe('form screen rendering', () => {
  it('re-renders only the field typed into, not its neighbours', async () => {
    const renders = vi.fn();
    function CountingWidget({ id, value, onChange, label }: WidgetProps) {
      renders();
      return <input id={id} aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value)} />;
    }
    const entity = { type: 'object', properties: { Name: { type: 'string', title: 'Name' }, Other: { type: 'string', title: 'Other' } } } as JsonSchema;
    renderForm(screenOf(['Name', 'Other'], { Other: { 'ui:widget': CountingWidget } }), entity, { Id: 1, Name: 'a', Other: 'b' });
    await screen.findByLabelText('Other');
    const before = renders.mock.calls.length;
    await userEvent.type(screen.getByLabelText(/^Name/), 'bcd');
    expect(screen.getByLabelText(/^Name/)).toHaveProperty('value', 'abcd');
    expect(renders.mock.calls.length).toBe(before);
  });

  it('defaults the form fills in itself leave it pristine and show no message', async () => {
    const entity = { type: 'object', required: ['Agreed'], properties: { Name: { type: 'string', title: 'Name' }, Agreed: { type: 'boolean', title: 'Agreed', default: false } } } as JsonSchema;
    renderForm(screenOf(['Name', 'Agreed']), entity, { Id: 1, Name: 'a' });
    const save = await screen.findByRole('button', { name: 'Save' });
    await screen.findByLabelText(/Agreed/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(/is required/)).toBeNull();
  });

  it('paints a screenful of a long form at once and the rest in the frames after, with a placeholder meanwhile', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `F${i + 1}`);
    const entity = { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string', title: `Field ${n}` }])) } as JsonSchema;
    renderForm(screenOf(names, {}, [{ title: 'First', fields: names.slice(0, 20) }, { title: 'Second', fields: names.slice(20) }]), entity, { Id: 1 });
    // The first commit, before any frame has passed: however slow the machine, nothing later is mounted yet.
    expect(screen.getByLabelText('Field F12')).toBeTruthy();
    expect(screen.queryByLabelText('Field F13')).toBeNull();
    expect(document.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByLabelText('Field F40')).toBeTruthy());
    expect(document.querySelectorAll('.MuiSkeleton-root').length).toBe(0);
    expect(screen.getByRole('region', { name: 'Second' }).querySelectorAll('input')).toHaveLength(20);
  });

  describe('while the user types', () => {
    const names = Array.from({ length: 40 }, (_, i) => `F${i + 1}`);
    const entity = { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string', title: `Field ${n}` }])) } as JsonSchema;
    const advance = (ms: number) => act(async () => { vi.advanceTimersByTime(ms); });

    beforeEach(() => { vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] }); });
    afterEach(() => { vi.useRealTimers(); });

    it('a long form mounts the rest in the frames after the first screenful, however fast Tab is pressed', async () => {
      renderForm(screenOf(names), entity, { Id: 1 });
      fireEvent.keyDown(screen.getByLabelText('Field F1'), { key: 'Tab' });
      await advance(typingPauseMs - 50);
      expect(screen.getByLabelText('Field F13')).toBeTruthy();
    });

    it('holds the rest back while keys are pressed, and mounts it once the typing pauses', async () => {
      renderForm(screenOf(names), entity, { Id: 1 });
      for (let i = 0; i < 5; i++) {
        fireEvent.keyDown(screen.getByLabelText('Field F1'), { key: 'a' });
        await advance(typingPauseMs - 50);
      }
      expect(screen.queryByLabelText('Field F13')).toBeNull();
      // React takes one step per act: a frame, then the next.
      for (let frame = 0; frame < 20; frame++) await advance(typingPauseMs / 6);
      expect(screen.getByLabelText('Field F40')).toBeTruthy();
    });
  });
});
