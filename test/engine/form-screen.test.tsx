import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FormScreen } from '../../engine/react/form/FormScreen.tsx';
import { changedFields, sameValue } from '../../engine/react/form/changed-fields.ts';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../engine/core/forms/types.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };
import user from '../../metadata/entities/User.json' with { type: 'json' };
import { WidgetDataProvider } from '../../engine/widgets/data-context.tsx';
import { createFakeDataSource } from '../../stories/widgets/support/fake-data-source.ts';

const record = { UserId: 7, FirstName: 'Kofi', LastName: 'Annan', EmailAddress: 'kofi@example.org', UserName: 'kofi', IsActive: true, OwnerAtomicCircleId: 1, ActivationDate: null, LastLogin: null, PasswordLastChangedDate: null, CreatedDate: '2026-01-02T03:04:05Z' };

function renderUpdate(save = vi.fn(async (v: Record<string, unknown>) => v)) {
  const router = createMemoryRouter([{ path: '*', element: (
    <FormScreen screen={users as unknown as ScreenDocument} entity={user as JsonSchema} mode="update" record={record} title="Update User" save={save} onDone={() => {}} />
  ) }]);
  render(<RouterProvider router={router} />);
  return save;
}

describe('form screen: pristine and dirty', () => {
  it('treats absent and null as the same value', () => {
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue('', null)).toBe(false);
    expect(changedFields({ A: null, B: 1 }, { B: 1 })).toEqual([]);
    expect(changedFields({ A: 'x' }, { A: 'y' })).toEqual(['A']);
  });

  it('opens pristine (Save disabled), is dirty after an edit, and pristine again when the edit is undone', async () => {
    renderUpdate();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const lastName = screen.getByLabelText(/^Last Name/);
    await userEvent.type(lastName, '-Atta');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Annan');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
  });

  it('saves the edited values and shows the required message only once the field is dirty', async () => {
    const save = renderUpdate();
    const firstName = await screen.findByLabelText(/^First Name/);
    expect(screen.queryByText('First Name is required.')).toBeNull();
    await userEvent.clear(firstName);
    await waitFor(() => expect(screen.getByText('First Name is required.')).toBeTruthy());
    await userEvent.type(firstName, 'Kwame');
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0]).toMatchObject({ FirstName: 'Kwame', LastName: 'Annan' });
  });
});

describe('the user update form (spec 1: "the same fields plus")', () => {
  it('starts Confirm Email Address as the stored address; a changed address must be typed again, equal to it', async () => {
    const save = renderUpdate();
    const confirm = (await screen.findByLabelText(/^Confirm Email Address/)) as HTMLInputElement;
    expect(confirm.value).toBe('kofi@example.org');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    const email = screen.getByLabelText(/^Email Address/) as HTMLInputElement;
    await userEvent.clear(email);
    await userEvent.type(email, 'kofi.annan@example.org');
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    expect(await screen.findByText('Must equal Email Address.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'kofi.annan@example.org');
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0]).toMatchObject({ EmailAddress: 'kofi.annan@example.org', ConfirmEmailAddress: 'kofi.annan@example.org' });
  });

  it('has Password and Confirm Password, and shows its dates as dd/MM/yyyy HH:mm, or Not Specified', async () => {
    renderUpdate();
    expect(await screen.findByLabelText(/^Password\s*\*?$/)).toBeTruthy();
    expect(screen.getByLabelText(/^Confirm Password/)).toBeTruthy();
    expect((screen.getByLabelText(/^Last Login/) as HTMLInputElement).value).toBe('Not Specified');
    const lastLogin = new Date(2026, 2, 4, 17, 5).toISOString();
    const router = createMemoryRouter([{ path: '*', element: (
      <FormScreen screen={users as unknown as ScreenDocument} entity={user as JsonSchema} mode="update" record={{ ...record, UserId: 8, LastLogin: lastLogin }} title="Update User" save={vi.fn()} onDone={() => {}} />
    ) }]);
    const second = render(<RouterProvider router={router} />);
    const shown = await within(second.container).findByLabelText(/^Last Login/);
    expect((shown as HTMLInputElement).value).toBe('04/03/2026 17:05');
  });
});

describe('form screen: the controls own rules', () => {
  const entity = { title: 'Contact', type: 'object', required: ['Name'], properties: { Name: { type: 'string', title: 'Name' }, Address: { type: 'object', title: 'Address' } } } as JsonSchema;
  const contactScreen = {
    id: 'contacts', title: 'Contacts', module: null, entity: 'Contact', api: '/api/contacts', idField: 'Id',
    routes: { update: '/contacts/update/:id' },
    form: { fields: { update: ['Name', 'Address'] }, uiSchema: { Address: { 'ui:field': 'address' } }, promptOnAbandon: false },
  } as unknown as ScreenDocument;

  it('shows an address part error at the part and sends nothing while it stands', async () => {
    const save = vi.fn(async (v: Record<string, unknown>) => v);
    const router = createMemoryRouter([{ path: '*', element: (
      <WidgetDataProvider source={createFakeDataSource()}>
        <FormScreen screen={contactScreen} entity={entity} mode="update" record={{ Id: 1, Name: 'Ada' }} title="Update Contact" save={save} onDone={() => {}} />
      </WidgetDataProvider>
    ) }]);
    render(<RouterProvider router={router} />);
    await userEvent.type(await screen.findByLabelText(/^City/), 'Springfield');
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    expect(await screen.findByText('Country is required.')).toBeTruthy();
    expect(screen.getByText('Address 1 is required.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });
});
