import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FormScreen } from '../../engine/react/form/FormScreen.tsx';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../engine/core/forms/types.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };
import user from '../../metadata/entities/User.json' with { type: 'json' };
import { useNotifications } from '../../engine/react/notifications/store.ts';

const get = vi.fn();
vi.mock('../../ui/api/api.ts', () => ({ api: { get: (...args: unknown[]) => get(...args) } }));
const { asyncValidatorsFor } = await import('../../ui/widgets/async-validators.ts');

describe("the user forms' asynchronous uniqueness checks (spec 1 section 5)", () => {
  it('asks is-unique-user-name for the record, and words a taken name as the user forms do', async () => {
    get.mockResolvedValueOnce(false);
    expect(await asyncValidatorsFor(7).uniqueUserName('ada')).toBe('An account with this User Name already exists in the system!');
    expect(get).toHaveBeenLastCalledWith('/api/users/is-unique-user-name?userName=ada&userId=7', { quiet: true });
    get.mockResolvedValueOnce(true);
    expect(await asyncValidatorsFor(undefined).uniqueEmailAddress(' ada@example.org ')).toBeNull();
    expect(get).toHaveBeenLastCalledWith('/api/users/is-unique-email-address?emailAddress=ada%40example.org', { quiet: true });
  });

  it("says when the lookup failed or answered neither true nor false, in the spec's words", async () => {
    get.mockRejectedValueOnce(new Error('down'));
    expect(await asyncValidatorsFor(undefined).uniqueEmailAddress('a@b.org')).toBe('There was an issue executing the unique email address lookup request.');
    expect(useNotifications.getState().notices.map((n) => n.text)).not.toContain('Read User Name');
    // A failed user name check also raises the notice 'Read User Name' (spec 1 section 8); a failed e-mail check does not.
    get.mockRejectedValueOnce(new Error('down'));
    expect(await asyncValidatorsFor(undefined).uniqueUserName('ada')).toBe('There was an issue executing the unique user name lookup request.');
    expect(useNotifications.getState().notices).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'error', text: 'Read User Name' })]));
    get.mockResolvedValueOnce('maybe');
    expect(await asyncValidatorsFor(undefined).uniqueUserName('ada')).toBe('Server error occured when checking User Name.');
    expect(await asyncValidatorsFor(undefined).uniqueUserName('  ')).toBeNull();
  });

  it("shows the check's answer under User Name on the create form when the field is left", async () => {
    const taken = vi.fn(async (value: unknown) => (value === 'ada' ? 'An account with this User Name already exists in the system!' : null));
    const router = createMemoryRouter([{ path: '*', element: (
      <FormScreen screen={users as unknown as ScreenDocument} entity={user as JsonSchema} mode="create" record={null} title="Create User"
        save={vi.fn()} onDone={() => {}} asyncValidators={{ uniqueUserName: taken, uniqueEmailAddress: async () => null }} />
    ) }]);
    render(<RouterProvider router={router} />);
    const name = await screen.findByLabelText(/^User Name/);
    await userEvent.type(name, 'ada');
    await userEvent.tab();
    expect(await screen.findByText('An account with this User Name already exists in the system!')).toBeTruthy();
    expect(taken).toHaveBeenCalledWith('ada');
  });
});
