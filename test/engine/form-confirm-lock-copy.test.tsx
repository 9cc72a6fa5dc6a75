import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FormScreen } from '../../engine/react/form/FormScreen.tsx';
import { copyOfRecord, lockedFields } from '../../engine/core/forms/compose.ts';
import type { FormMode, JsonSchema } from '../../engine/core/forms/types.ts';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';

/** A screen with the three keys, not the roles screen itself: the engine knows nothing of roles. */
const entity = {
  title: 'Team', type: 'object', required: ['Name'],
  properties: {
    TeamId: { type: 'integer', readOnly: true },
    Name: { type: 'string', title: 'Name', maxLength: 200 },
    Motto: { type: 'string', title: 'Motto', maxLength: 200 },
    Size: { type: 'integer', title: 'Size' },
    IsCore: { type: 'boolean', readOnly: true },
  },
} as JsonSchema;
const teams = {
  id: 'teams', title: 'Teams', module: null, entity: 'Team', api: '/api/teams', idField: 'TeamId',
  routes: { list: '/team', create: '/team/create/:id', update: '/team/update/:id' },
  form: {
    entityLabel: 'Team',
    fields: { create: ['Name', 'Motto', 'Size'], update: ['Name', 'Motto', 'Size'] },
    buttonSets: { update: 'UpdateDelete' },
    lockWhen: [{ field: 'IsCore', equals: true, fields: ['Name', 'Motto'], message: 'A core team keeps its name and motto.' }],
    saveConfirm: 'Saving changes every member. Continue?',
    copy: { renameField: 'Name' },
    promptOnAbandon: false,
  },
} as unknown as ScreenDocument;
const record = { TeamId: 4, Name: 'Blue', Motto: 'Onward', Size: 3, IsCore: false };

function renderForm({ mode = 'update' as FormMode, data = record as Record<string, unknown> | null, onCopy = undefined as (() => void) | undefined } = {}) {
  const save = vi.fn(async (v: Record<string, unknown>) => v);
  const router = createMemoryRouter([{ path: '*', element: (
    <FormScreen screen={teams} entity={entity} mode={mode} record={data} title="Team" save={save} onCopy={onCopy} onDone={() => {}} />
  ) }]);
  render(<RouterProvider router={router} />);
  return save;
}

describe("a screen's saveConfirm", () => {
  it('asks before saving an update; Cancel sends nothing, Save sends the values', async () => {
    const save = renderForm();
    await userEvent.type(await screen.findByLabelText(/^Size/), '0');
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Saving changes every member. Continue?');
    await act(async () => screen.getByRole('button', { name: 'Cancel' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(save).not.toHaveBeenCalled();
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    const again = await screen.findByRole('dialog');
    await act(async () => (again.querySelector('button.MuiButton-contained') as HTMLButtonElement).click());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0]).toMatchObject({ Name: 'Blue', Size: 30 });
  });

  it('does not ask when creating, nor when the form is invalid', async () => {
    const save = renderForm({ mode: 'create', data: null });
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Red');
    await act(async () => screen.getByRole('button', { name: 'Create' }).click());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not ask while the form is invalid: the validation message comes first', async () => {
    const save = renderForm();
    await userEvent.clear(await screen.findByLabelText(/^Size/));
    await userEvent.type(screen.getByLabelText(/^Size/), '1');
    await userEvent.clear(screen.getByLabelText(/^Name/));
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });
});

describe("a screen's lockWhen", () => {
  it("disables the locked fields and shows the message on a record the lock holds for; the rest stays editable", async () => {
    renderForm({ data: { ...record, IsCore: true } });
    expect(await screen.findByText('A core team keeps its name and motto.')).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Motto/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Size/) as HTMLInputElement).disabled).toBe(false);
  });

  it('leaves other records alone', async () => {
    renderForm();
    expect((await screen.findByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText('A core team keeps its name and motto.')).toBeNull();
  });

  it('is worked out from the record', () => {
    expect(lockedFields(teams.form!, { IsCore: true })).toEqual({ fields: new Set(['Name', 'Motto']), messages: ['A core team keeps its name and motto.'] });
    expect(lockedFields(teams.form!, { IsCore: false }).fields.size).toBe(0);
    expect(lockedFields(teams.form!, null).fields.size).toBe(0);
  });
});

describe("a screen's copy", () => {
  it('offers Copy on the update form when the route gives a way to copy, and only then', async () => {
    const onCopy = vi.fn();
    renderForm({ onCopy });
    await act(async () => (await screen.findByRole('button', { name: 'Copy' })).click());
    expect(onCopy).toHaveBeenCalledTimes(1);
  });

  it('has no Copy without the means to copy, nor on a create form', async () => {
    renderForm();
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('has no Copy on a create form even when given one', async () => {
    renderForm({ mode: 'create', data: null, onCopy: () => {} });
    await screen.findByRole('button', { name: 'Create' });
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it("starts a copy with the record's create fields, its name marked as a copy", () => {
    expect(copyOfRecord(teams.form!, { ...record, IsCore: true })).toEqual({ Name: 'Blue (copy)', Motto: 'Onward', Size: 3 });
    expect(copyOfRecord({ ...teams.form!, copy: { renameField: 'Name', suffix: ' 2' } }, record).Name).toBe('Blue 2');
    const list = { ...teams.form!, fields: { create: ['Name', 'Tags'], update: ['Name', 'Tags'] } } as NonNullable<ScreenDocument['form']>;
    const original = { Name: 'A', Tags: [{ Id: 1 }] };
    const copy = copyOfRecord(list, original);
    expect(copy.Tags).toEqual(original.Tags);
    expect(copy.Tags).not.toBe(original.Tags);
  });
});
