import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { FormMode, JsonSchema } from '../../engine/core/forms/types.ts';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';
import { WidgetDataProvider } from '../../engine/widgets/data-context.tsx';
import { createFakeDataSource } from '../../stories/widgets/support/fake-data-source.ts';
import { FormRoute } from '../../ui/screens/screen/FormRoute.tsx';
import { useSession } from '../../ui/stores/session.ts';
import roles from '../../metadata/screens/roles.json' with { type: 'json' };
import entity from '../../metadata/entities/Role.json' with { type: 'json' };

const clerks = {
  RoleId: 5, Name: 'Clerks', Description: 'Front desk', UserCountLimit: 4, MaxNumberOfConcurrentUsers: 2, IsActive: true, IsAvailSelfReg: false, IsAdmin: false,
  Permissions: [{ Id: 10, HasAccess: true, ViewAllRecords: false }, { Id: 11, HasAccess: true, ViewAllRecords: false }],
  CreatedDate: '2026-01-02T03:04:05Z', CreatedBy: 'admin',
};
const json = (body: unknown, status = 200, extra: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...extra } });
// A read for update (?lock=true) is answered with the lock and the version, as the server answers it.
const lockHeaders = { recordlockid: 'lock-1', recordlockduration: '900', recordversion: '1' };
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (init?.method === 'DELETE') return new Response(null, { status: 204 });
  if (init?.method === 'POST') return json({ ...clerks, ...JSON.parse(String(init.body)), RoleId: url.endsWith('/roles') ? 6 : 5 }, url.endsWith('/roles') ? 201 : 200);
  const [path, query = ''] = url.split('?');
  const role = path === '/api/roles/1' ? { ...clerks, RoleId: 1, Name: 'System Administrator', IsAdmin: true } : path === '/api/roles/7' ? { ...clerks, RoleId: 7, Name: 'Deputies', IsAdmin: true } : clerks;
  return json(role, 200, query.includes('lock=true') ? lockHeaders : {});
});

const entry = (kind: string, Url: string): RouteEntry => ({ Name: `roles.${kind}`, Url, Title: `${kind} Role`, ScreenId: 'roles' });
const allRoutes = [entry('list', '/role'), entry('create', '/role/create/:id'), entry('update', '/role/update/:id'), entry('delete', '/role/delete/:id')];

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
// Unmounted while fetch is still the mock: a form releases its record lock as it goes, and that call going to the real
// fetch would fail and be logged, reaching the next test's mock as a POST of the error log.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderRole(path: string, routes: RouteEntry[] = allRoutes) {
  useSession.getState().setRoutes(routes);
  const form = (mode: FormMode, url: string) => ({
    path: url,
    element: (
      <WidgetDataProvider source={createFakeDataSource()}>
        <FormRoute key={mode} entry={entry(mode, url)} mode={mode} screen={roles as unknown as ScreenDocument} entity={entity as JsonSchema} />
      </WidgetDataProvider>
    ),
  });
  const router = createMemoryRouter([form('update', '/role/update/:id'), form('create', '/role/create/:id'), { path: '/role', element: <p>role list</p> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('the role form', () => {
  it("copies a role: Copy opens /role/create/{id}, which starts with the role's values, its name marked, and its permissions", async () => {
    const router = renderRole('/role/update/5');
    // The first form of the file waits for its lazily loaded controls.
    await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 });
    await act(async () => (await screen.findByRole('button', { name: 'Copy' })).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/role/create/5'));
    const name = await screen.findByLabelText(/^Name/) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Clerks (copy)'));
    expect((screen.getByLabelText(/^User Count Limit/) as HTMLInputElement).value).toBe('4');
    await act(async () => screen.getByRole('button', { name: 'Create' }).click());
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0];
    expect(url).toBe('/api/roles');
    const body = JSON.parse(String(init!.body));
    expect(body).toMatchObject({ Name: 'Clerks (copy)', Description: 'Front desk', UserCountLimit: 4, MaxNumberOfConcurrentUsers: 2, Permissions: clerks.Permissions });
    expect(body).not.toHaveProperty('RoleId');
    // Made, the copy goes on to the list, not back to the role it was copied from.
    expect(await screen.findByText('role list')).toBeTruthy();
  });

  it('offers Copy only to a user holding both the create and the update route', async () => {
    renderRole('/role/update/5', allRoutes.filter((r) => r.Name !== 'roles.create'));
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('asks before saving a change, in the words of the spec', async () => {
    renderRole('/role/update/5');
    const limit = await screen.findByLabelText(/^User Count Limit/);
    await userEvent.clear(limit);
    await userEvent.type(limit, '9');
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Saving this record will cause all users associated with this role to have their permissions modified. Are you sure you want to continue?');
    expect(posts()).toHaveLength(0);
  });

  it('shows role 1 read-only, with its message', async () => {
    renderRole('/role/update/1');
    expect(await screen.findByText('This is the default system administrator role which cannot be modified or deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('locks an admin role\u2019s name, description and active state, with the admin message', async () => {
    renderRole('/role/update/7');
    expect(await screen.findByText(/This is an administrator role/)).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Description/) as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^User Count Limit/) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
