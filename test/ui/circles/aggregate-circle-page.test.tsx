import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { useNotifications } from '../../../engine/react/notifications/store.ts';
import { useSession } from '../../../ui/stores/session.ts';
import { AggregateCircleRoute } from '../../../ui/screens/circles/AggregateCircleRoute.tsx';
import aggregates from '../../../metadata/screens/aggregatecircles.json' with { type: 'json' };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (PropertyName: string, ErrorMessage: string, status = 409) => json([{ PropertyName, ErrorMessage, ErrorCode: 'Refused' }], status);
const east = {
  Id: 4, Name: 'East', Description: null, IsActive: true, Role: [{ Id: 2, Name: 'Clerk' }], Permissions: [], RowVersion: 1,
  AtomicCircleHierarchy: [{ Id: 10, Name: 'North' }], OwnerAtomicCircle: null, Users: [],
};
const north = { Id: 10, Name: 'North', Description: null, HasOwnRoles: false, Role: [{ Id: 2, Name: 'Clerk' }], Permissions: [], AggregateCircleId: 4, AggregateCircleName: 'East', OwnerAtomicCircle: null, IsActive: true, RowVersion: 7 };
/** What a save answers, by path: the tests set it to a refusal. */
let writes: Record<string, () => Response> = {};
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const path = String(url).split('?')[0];
  if (init?.method === 'POST') return (writes[path] ?? (() => json(east)))();
  if (path === '/api/circles/aggregates/4') return json(east);
  if (path === '/api/circles/non-aggregated') return json([{ Id: 10, Name: 'North', isChecked: true }, { Id: 11, Name: 'South', isChecked: false }]);
  if (path === '/api/circles/owner-atomic-circles') return json([{ Id: 11, Name: 'South' }]);
  if (path === '/api/circles/roles') return json([{ Id: 2, Name: 'Clerk' }, { Id: 3, Name: 'Auditor' }]);
  if (path === '/api/circles/atomic-circle') return json(north);
  if (path.startsWith('/api/circles/combined-form-actions')) return json([]);
  return json({}, 404);
});

beforeEach(() => {
  writes = {};
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  useNotifications.setState({ notices: [] });
  useSession.setState({ routes: [
    { Name: 'aggregatecircles.update', Url: '/aggregate/manage/:id', Title: 'Manage Aggregate Circle', ScreenId: 'aggregatecircles' },
    { Name: 'aggregatecircles.list', Url: '/aggregate', Title: 'Aggregate Circles', ScreenId: 'aggregatecircles' },
  ] as never });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter([
    { path: '/aggregate/manage/:id', element: <AggregateCircleRoute screen={aggregates as unknown as ScreenDocument} kind="update" params={{ id: '4' }} /> },
    { path: '/aggregate', element: <p>the list</p> },
  ], { initialEntries: ['/aggregate/manage/4'] });
  render(<RouterProvider router={router} />);
}
const notices = () => useNotifications.getState().notices.map((n) => `${n.severity}: ${n.text}`);

describe('the aggregate circle page', () => {
  it("shows the server's refusal at the members, clears it when they change, and Reset restores what was saved", async () => {
    writes['/api/circles/aggregates/4'] = () => refusal('AtomicCircleHierarchy', "The circle 'South' already belongs to the aggregate 'West'.");
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'South' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save members' }));
    expect(await screen.findByText("The circle 'South' already belongs to the aggregate 'West'.")).toBeTruthy();
    expect(notices()).toEqual(['error: Please correct the highlighted fields and try again.']);
    // The body carried the members and the name, not the sections left alone.
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body));
    expect(body).toEqual({ Name: 'East', Description: null, RowVersion: 1, AtomicCircleHierarchy: [{ Id: 10 }, { Id: 11 }], OwnerAtomicCircle: null });
    await userEvent.click(screen.getByRole('button', { name: 'Reset members' }));
    await waitFor(() => expect(screen.queryByText(/already belongs/)).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'South' }) as HTMLInputElement).checked).toBe(false);
  });

  it("a member circle's refused role save shows the update-error notice and keeps what was chosen", async () => {
    writes['/api/circles/atomic/10/role'] = () => refusal('Role', 'The role 3 does not exist or is inactive.', 400);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Custom permissions per individual member group/ }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Member atomic circle' }));
    await userEvent.click(await screen.findByRole('option', { name: 'North' }));
    expect(await screen.findByText(/North inherits the roles and permissions of the aggregate/)).toBeTruthy();
    const roles = screen.getAllByRole('combobox', { name: 'Roles' }).at(-1)!;
    await userEvent.click(roles);
    await userEvent.click(await screen.findByRole('option', { name: 'Auditor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions of North' }));
    expect(await screen.findByText('The role 3 does not exist or is inactive.')).toBeTruthy();
    expect(notices()).toEqual(['error: Your changes could not be saved.']);
    expect((screen.getByRole('button', { name: 'Save permissions of North' }) as HTMLButtonElement).disabled).toBe(false);
    // The save carried the version read, so one over another administrator's save is refused rather than lost.
    const [, init] = fetchMock.mock.calls.find(([url, call]) => call?.method === 'POST' && String(url).endsWith('/atomic/10/role'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ Role: [{ Id: 2 }, { Id: 3 }], Permissions: [], HasOwnRoles: true, RowVersion: 7 });
  });
});
