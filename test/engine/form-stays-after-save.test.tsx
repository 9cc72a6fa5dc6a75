import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FormScreen } from '../../engine/react/form/FormScreen.tsx';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../engine/core/forms/types.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };
import user from '../../metadata/entities/User.json' with { type: 'json' };

const record = { UserId: 7, FirstName: 'Kofi', LastName: 'Annan', EmailAddress: 'kofi@example.org', UserName: 'kofi', IsActive: true, OwnerAtomicCircleId: 1, CreatedDate: '2026-01-02T03:04:05Z', CreatedBy: 'system' };

function renderForm(stayAfterSave: boolean | undefined) {
  const screenDoc = { ...users, form: { ...users.form, stayAfterSave } } as unknown as ScreenDocument;
  const save = vi.fn(async (v: Record<string, unknown>) => ({ ...v, ModifiedDate: '2026-03-04T05:06:00Z', ModifiedBy: 'admin' }));
  const onDone = vi.fn();
  const router = createMemoryRouter([{ path: '*', element: (
    <FormScreen screen={screenDoc} entity={user as JsonSchema} mode="update" record={record} title="Update User" save={save} onDone={onDone} />
  ) }]);
  render(<RouterProvider router={router} />);
  return { save, onDone };
}

async function editAndSave() {
  await userEvent.type(await screen.findByLabelText(/^Last Name/), '-Atta');
  const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  await waitFor(() => expect(save.disabled).toBe(false));
  await userEvent.click(save);
  return save;
}

describe("a form's stayAfterSave option (a settings page)", () => {
  it('stays open after a save, pristine, with the saved values and their record info', async () => {
    const { save, onDone } = renderForm(true);
    const button = await editAndSave();
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(onDone).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/^Last Name/) as HTMLInputElement).value).toBe('Annan-Atta');
    expect(screen.getByText(/^Last updated on 03\/04\/2026 .* by admin$/)).toBeTruthy();
  });

  it('goes back after a save without it, as every other form does', async () => {
    const { onDone } = renderForm(undefined);
    await editAndSave();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });
});
