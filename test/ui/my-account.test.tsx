import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import MyAccountPage from '../../ui/screens/my-account/MyAccountPage.tsx';
import { userNameCheckTexts } from '../../ui/widgets/uniqueness-check.ts';
import { useNotifications } from '../../engine/react/notifications/store.ts';
import myAccount from '../../metadata/screens/myaccount.json' with { type: 'json' };

const me = { UserId: 7, UserName: 'mara', FirstName: 'Mara', LastName: 'Lind', EmailAddress: 'mara@example.org', IsMaster: false, PilotId: null };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The answer of is-unique-user-name for this test; everything else answers as the server would. */
let uniqueAnswer: () => Response;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith('/api/users/is-unique-user-name')) return uniqueAnswer();
  if (url === '/api/users/update-user-name') return json(200, { Message: 'Your user name has been successfully changed.', UserName: JSON.parse(String(init!.body)).UserName });
  if (url === '/api/users/update-password') return json(400, [{ PropertyName: 'CurrentPassword', ErrorMessage: 'The Current Password you entered is incorrect.', ErrorCode: 'CurrentPasswordIncorrect' }]);
  return json(200, me);
});

beforeEach(() => {
  fetchMock.mockClear();
  uniqueAnswer = () => json(200, true);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function renderMyAccount() {
  render(<MemoryRouter><MyAccountPage screen={myAccount as unknown as ScreenDocument} kind="single" params={{}} /></MemoryRouter>);
  return (await screen.findByRole('textbox', { name: 'User Name' })) as HTMLInputElement;
}
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));
async function typePasswords(current: string, next: string) {
  await userEvent.type(field(/^Current Password/), current);
  await userEvent.type(field(/^New Password/), next);
  await userEvent.type(field(/^Confirm Password/), next);
}

describe('My Account: one change at a time (spec 1 section 4)', () => {
  it('shows the user name read-only until Change User Name, and the current password disabled until Change Password', async () => {
    const userName = await renderMyAccount();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/users/read-current-user');
    expect(userName.value).toBe('mara');
    expect(userName.disabled).toBe(true);
    expect(field(/^Current Password/).disabled).toBe(true);
    await click('Change User Name');
    expect(userName.disabled).toBe(false);
    expect(document.activeElement).toBe(userName);
  });

  it('starting the password change cancels the user name change, clears the current password and enables it', async () => {
    const userName = await renderMyAccount();
    await click('Change User Name');
    await userEvent.clear(userName);
    await userEvent.type(userName, 'half-typed');
    await click('Change Password');
    expect(userName.value).toBe('mara');
    expect(userName.disabled).toBe(true);
    expect(field(/^Current Password/).disabled).toBe(false);
    expect(field(/^Current Password/).value).toBe('');
  });

  it('ending the password change (Cancel, or starting the user name change) clears the new and confirm values', async () => {
    await renderMyAccount();
    await click('Change Password');
    await typePasswords('MaraPass1', 'MaraNew22');
    await click('Change User Name');
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
    await click('Change Password');
    expect(field(/^New Password/).value).toBe('');
    expect(field(/^Confirm Password/).value).toBe('');
    expect(field(/^Current Password/).value).toBe('');
    await userEvent.type(field(/^New Password/), 'MaraNew22');
    await click('Cancel');
    await click('Change Password');
    expect(field(/^New Password/).value).toBe('');
  });

  it("shows the server's answer to a wrong current password at the field", async () => {
    await renderMyAccount();
    await click('Change Password');
    await typePasswords('Wrong1234', 'MaraNew22');
    await click('Save Password');
    expect(await screen.findByText('The Current Password you entered is incorrect.')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/users/update-password')!;
    expect(JSON.parse(String(init!.body))).toEqual({ UserId: 7, CurrentPassword: 'Wrong1234', NewPassword: 'MaraNew22', ConfirmPassword: 'MaraNew22' });
  });
});

describe("My Account: the user name's uniqueness check (spec 1 section 8)", () => {
  async function leaveWith(value: string) {
    const userName = await renderMyAccount();
    await click('Change User Name');
    await userEvent.clear(userName);
    await userEvent.type(userName, value);
    await userEvent.tab();
    return userName;
  }

  it('asks is-unique-user-name with the name and the own UserId when the field is left, and says when the name is taken', async () => {
    uniqueAnswer = () => json(200, false);
    await leaveWith('admin');
    expect(await screen.findByText(userNameCheckTexts.taken)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/users/is-unique-user-name?userName=admin&userId=7');
    await click('Save User Name');
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/users/update-user-name');
  });

  it('a failed lookup counts as not unique', async () => {
    // A refusal, not a 5xx: those are also sent to the client error log a second later, after this file's fetch stub is gone.
    uniqueAnswer = () => json(400, [{ PropertyName: 'userName', ErrorMessage: 'Must be no more than 200 character(s) long.', ErrorCode: 'maxLength' }]);
    await leaveWith('someone');
    expect(await screen.findByText(userNameCheckTexts.lookupFailed)).toBeTruthy();
    // Spec 1 section 8: "A failed name check uses the message 'Read User Name'": an error notice beside the field's message.
    expect(useNotifications.getState().notices).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'error', text: 'Read User Name' })]));
  });

  it('an answer that is neither true nor false is a server error', async () => {
    uniqueAnswer = () => json(200, 'maybe');
    await leaveWith('someone');
    expect(await screen.findByText(userNameCheckTexts.unexpectedAnswer)).toBeTruthy();
  });

  it('saves a free name with update-user-name and shows it read-only again', async () => {
    const userName = await leaveWith('mara.lind');
    await click('Save User Name');
    await waitFor(() => expect(userName.disabled).toBe(true));
    expect(useNotifications.getState().notices.map((n) => n.text)).toContain('Your user name has been successfully changed.');
    expect(userName.value).toBe('mara.lind');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/users/update-user-name')!;
    expect(JSON.parse(String(init!.body))).toEqual({ UserName: 'mara.lind', UserId: 7 });
  });
});
