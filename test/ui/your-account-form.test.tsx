import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../engine/core/forms/types.ts';
import { WidgetDataProvider } from '../../engine/widgets/data-context.tsx';
import { createFakeDataSource } from '../../stories/widgets/support/fake-data-source.ts';
import { FormRoute } from '../../ui/screens/screen/FormRoute.tsx';
import yourAccount from '../../metadata/screens/youraccount.json' with { type: 'json' };
import entity from '../../metadata/entities/YourAccount.json' with { type: 'json' };

const account = { UserId: 7, Salutation: -1, FirstName: 'Mara', LastName: 'Lind', EmailAddress: 'mara@example.org', UserName: 'mara', Address: {}, PhoneNumbers: [] };
const json = (body: unknown, extra: Record<string, string> = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...extra } });
// The account is read for update (?lock=true), answered with its lock and version as the server answers it.
const lockHeaders = { recordlockid: 'lock-1', recordlockduration: '900', recordversion: '3' };
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (init?.method === 'DELETE') return new Response(null, { status: 204 });
  if (init?.method === 'POST') return json({ ...account, ...JSON.parse(String(init.body)) });
  return json(account, url.includes('lock=true') ? lockHeaders : {});
});

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderYourAccount() {
  const entry = { Name: 'youraccount.single', Url: '/youraccount', Title: 'Your Account', ScreenId: 'youraccount' };
  const router = createMemoryRouter([
    { path: '/youraccount', element: (
      <WidgetDataProvider source={createFakeDataSource()}>
        <FormRoute entry={entry} mode="update" single screen={yourAccount as unknown as ScreenDocument} entity={entity as JsonSchema} />
      </WidgetDataProvider>
    ) },
    { path: '/home', element: <p>home page</p> },
  ], { initialEntries: ['/youraccount'] });
  render(<RouterProvider router={router} />);
}

// The saves: the client error log, which a test's leftover request may feed, is not one.
const posts = () => fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && url === '/api/youraccount');
const clickSave = () => act(async () => screen.getByRole('button', { name: 'Save' }).click());

describe('a single route: the form of the one record the server chooses', () => {
  it('reads GET {api} for update and saves POST {api} under its lock, with no id in either', async () => {
    renderYourAccount();
    const firstName = await screen.findByLabelText(/^First Name/);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/youraccount?lock=true');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Marta');
    await clickSave();
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0];
    expect(url).toBe('/api/youraccount');
    // Saved under the lock and at the version read.
    expect(new Headers(init!.headers).get('recordlockid')).toBe('lock-1');
    expect(new Headers(init!.headers).get('recordversion')).toBe('3');
    expect(JSON.parse(String(init!.body))).toMatchObject({ FirstName: 'Marta', LastName: 'Lind', UserName: 'mara' });
    expect(await screen.findByText('home page')).toBeTruthy(); // opened directly: done goes home
  });
});

describe("Your Account's password toggle (the screen's when/then/else rule)", () => {
  it("reveals Current, New and Confirm Password, reads 'Cancel Password Change' while open, and requires them", async () => {
    renderYourAccount();
    // Long forms mount their later sections a frame at a time: wait for the Sign-In section's toggle.
    const toggle = await screen.findByRole('button', { name: 'Change Password' });
    expect(screen.queryByLabelText(/^Current Password/)).toBeNull();
    // Hidden by the rule, the fields take no room at all (not even an empty RJSF grid with its padding).
    expect(document.querySelector('[id$="CurrentPassword"], [id$="ConfirmPassword"]')).toBeNull();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Cancel Password Change' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText(/^Current Password/)).toBeTruthy();
    await clickSave();
    expect(await screen.findByText('Current Password is required.')).toBeTruthy();
    expect(screen.getByText('New Password is required.')).toBeTruthy();
    expect(screen.getByText('Confirm Password is required.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('toggled off, clears what was typed and makes the fields optional again, so the save sends no password', async () => {
    renderYourAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    await userEvent.type(screen.getByLabelText(/^Current Password/), 'MaraPass1');
    await userEvent.type(screen.getByLabelText(/^New Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Password Change' }));
    expect(screen.queryByLabelText(/^Current Password/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((screen.getByLabelText(/^Current Password/) as HTMLInputElement).value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Password Change' }));
    await userEvent.type(screen.getByLabelText(/^Last Name/), 'qvist');
    await clickSave();
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = JSON.parse(String(posts()[0][1]!.body));
    expect(body).toMatchObject({ LastName: 'Lindqvist', ChangePassword: false });
    expect(body).not.toHaveProperty('CurrentPassword');
    expect(body).not.toHaveProperty('NewPassword');
  });
});
