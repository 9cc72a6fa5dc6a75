import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';
import { TopBar } from '../../ui/shell/TopBar.tsx';
import { pilotInformationPath } from '../../ui/shell/profile-menu.ts';
import { useSession } from '../../ui/stores/session.ts';

const home: RouteEntry = { Name: 'home', Url: '/home', Title: 'Home' };
const yourAccount: RouteEntry = { Name: 'youraccount.single', Url: '/youraccount', Title: 'Your Account', ScreenId: 'youraccount' };
const pilotUpdate: RouteEntry = { Name: 'pilots.update', Url: '/pilot/update/:id', Title: 'Update Pilot', ScreenId: 'pilots' };

describe('the Pilot Information entry: only for a pilot user, and only when the route table offers /pilot/update', () => {
  it('goes to /pilot/update/{PilotId} when both hold', () => {
    expect(pilotInformationPath({ PilotId: 42 }, [home, pilotUpdate])).toBe('/pilot/update/42');
    expect(pilotInformationPath({ PilotId: 42 }, [{ ...pilotUpdate, Url: '/pilot/update/:pilotId' }])).toBe('/pilot/update/42');
  });

  it('is not shown for a user without a PilotId', () => {
    expect(pilotInformationPath({ PilotId: null }, [pilotUpdate])).toBeNull();
    expect(pilotInformationPath({}, [pilotUpdate])).toBeNull();
    expect(pilotInformationPath(null, [pilotUpdate])).toBeNull();
  });

  it('is not shown when the route table has no pilot update route (no pilot module, or none held)', () => {
    expect(pilotInformationPath({ PilotId: 42 }, [home, yourAccount])).toBeNull();
    expect(pilotInformationPath({ PilotId: 42 }, [{ ...pilotUpdate, Url: '/pilot/list' }])).toBeNull();
  });
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let pilotId: number | null;
const fetchMock = vi.fn(async (url: string) => (url === '/api/users/read-current-user'
  ? json({ UserId: 7, UserName: 'mara.new', FirstName: 'Mara', LastName: 'Lind', EmailAddress: 'm@example.org', IsMaster: false, PilotId: pilotId })
  : json({ HelpUrl: '' })));

beforeEach(() => {
  pilotId = 42;
  vi.stubGlobal('fetch', fetchMock);
  useSession.setState({
    token: 't', user: { UserId: 7, UserName: 'mara', FirstName: 'Mara', LastName: 'Lind', IsMaster: false },
    session: { SessionId: 's1', InstanceId: 'i1', StartTime: '2026-01-01T00:00:00Z', UserName: 'mara' },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().ended();
});

function renderTopBar(routes: RouteEntry[]) {
  useSession.setState({ routes });
  render(
    <MemoryRouter initialEntries={['/home']}>
      <TopBar title="Home" onToggleNav={() => {}} />
      <Routes>
        <Route path="/home" element={<p>home page</p>} />
        <Route path="/pilot/update/:id" element={<p>pilot page</p>} />
        <Route path="/youraccount" element={<p>your account page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Opens the profile menu and waits for it: its code loads on the first wish to open it. */
const openMenu = async () => {
  await userEvent.click(screen.getByRole('button', { name: /Profile menu/ }));
  await screen.findByRole('menu');
};

describe('the profile menu', () => {
  it('offers Your Account and, for a pilot user with the route, Pilot Information going to /pilot/update/{PilotId}', async () => {
    renderTopBar([home, yourAccount, pilotUpdate]);
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/api/users/read-current-user'));
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Your Account' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pilot Information' }));
    expect(await screen.findByText('pilot page')).toBeTruthy();
  });

  it('has no Pilot Information for a user without a PilotId', async () => {
    pilotId = null;
    renderTopBar([home, yourAccount, pilotUpdate]);
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/api/users/read-current-user'));
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Pilot Information' })).toBeNull();
  });

  it('shows the user name as the server has it now (changed since sign-in), and no Pilot Information without the pilot route', async () => {
    renderTopBar([home, yourAccount]);
    await waitFor(() => expect(useSession.getState().user?.UserName).toBe('mara.new'));
    await openMenu();
    expect(screen.getByText('mara.new')).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Pilot Information' })).toBeNull();
  });
});
