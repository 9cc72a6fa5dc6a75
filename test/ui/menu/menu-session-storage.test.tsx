import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installSessionLifecycle } from '../../../ui/session/lifecycle.ts';
import { useSession } from '../../../ui/stores/session.ts';
import { ensureMainMenu, loadMainMenu, menuAllPath, useMainMenu } from '../../../ui/stores/main-menu.ts';
import { pageLoaded, restartBreadcrumbs, trailAfter, useBreadcrumbs, visitPage } from '../../../ui/stores/breadcrumbs.ts';
import { sessionStorageKeys } from '../../../ui/stores/session-storage.ts';
import type { LoginResponse } from '../../../metadata/types/LoginResponse.ts';
import type { MenuNode } from '../../../ui/shell/menu/logic.ts';

const item = (LinkText: string, URL: string): MenuNode => ({
  MenuItemId: 1, LinkText, URL, Target: null, HasAccess: true, IsAlwaysVisible: false, MenuItemType: { Id: 2, Name: 'Module Link' }, Children: [],
});
const login = (SessionId: string): LoginResponse => ({
  User: { UserId: 2, UserName: 'maria', FirstName: 'Maria', LastName: 'Jones', IsMaster: false },
  MustChangePassword: false,
  Session: { SessionId, InstanceId: 'iid', StartTime: new Date().toISOString(), UserName: 'maria' },
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let answer: () => Response;
const fetchMock = vi.fn(async (url: string) => (String(url).startsWith(menuAllPath) ? answer() : json(200, {})));
const menuCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(menuAllPath)).length;
let uninstall: () => void;

beforeEach(() => {
  answer = () => json(200, [item('Users', '/user')]);
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  uninstall = installSessionLifecycle();
  useSession.getState().started(login('sid-1'), 'tok');
});
afterEach(() => {
  useSession.getState().ended();
  uninstall();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the menu in session storage (spec 1 section 4, spec 3 "Main menu")', () => {
  it('is loaded from menu-all on session start and kept in session storage', async () => {
    await ensureMainMenu('sid-1');
    expect(menuCalls()).toBe(1);
    expect(useMainMenu.getState().tree?.map((n) => n.LinkText)).toEqual(['Users']);
    expect(JSON.parse(sessionStorage.getItem(sessionStorageKeys.menu)!)).toMatchObject({ sessionId: 'sid-1', tree: [{ LinkText: 'Users' }] });
    // Asked again in the same session, it is not loaded again.
    await ensureMainMenu('sid-1');
    expect(menuCalls()).toBe(1);
  });

  it('is restored from session storage on session restore (a reload), at once, and read again behind it', async () => {
    await ensureMainMenu('sid-1');
    // A reload: the page's memory is gone, session storage is not.
    useMainMenu.setState({ sessionId: null, tree: null, path: [] });
    let release!: () => void;
    answer = () => json(200, [item('Users', '/user'), item('Roles', '/role')]);
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => { release = () => resolve(answer()); }));
    const restoring = ensureMainMenu('sid-1');
    expect(useMainMenu.getState().tree?.map((n) => n.LinkText)).toEqual(['Users']);
    release();
    await restoring;
    expect(useMainMenu.getState().tree?.map((n) => n.LinkText)).toEqual(['Users', 'Roles']);
  });

  it("never restores another session's menu", async () => {
    await ensureMainMenu('sid-1');
    useMainMenu.setState({ sessionId: null, tree: null, path: [] });
    useSession.getState().started(login('sid-2'), 'tok');
    answer = () => json(200, [item('Roles', '/role')]);
    await ensureMainMenu('sid-2');
    expect(useMainMenu.getState().tree?.map((n) => n.LinkText)).toEqual(['Roles']);
  });

  it('is cleared, with its storage, when the session ends', async () => {
    await ensureMainMenu('sid-1');
    useSession.getState().ended();
    expect(useMainMenu.getState().tree).toBeNull();
    expect(sessionStorage.getItem(sessionStorageKeys.menu)).toBeNull();
  });

  it('a load failure is only logged: the menu offers Home alone, and a menu already shown stays', async () => {
    answer = () => json(500, [{ PropertyName: null, ErrorMessage: 'boom', ErrorCode: 500 }]);
    await ensureMainMenu('sid-1');
    expect(useMainMenu.getState().tree).toEqual([]);
    answer = () => json(200, [item('Users', '/user')]);
    await loadMainMenu('sid-1');
    answer = () => json(500, [{ PropertyName: null, ErrorMessage: 'boom', ErrorCode: 500 }]);
    await loadMainMenu('sid-1');
    expect(useMainMenu.getState().tree?.map((n) => n.LinkText)).toEqual(['Users']);
  });
});

describe('breadcrumbs (spec 3 "Breadcrumbs")', () => {
  it('follow the pages visited, a list keeping its place whatever its query, and Home ends the trail', () => {
    visitPage({ label: 'Users', url: '/user' }, false);
    visitPage({ label: 'Update User', url: '/user/update/7' }, false);
    visitPage({ label: 'Users', url: '/user?page=2' }, false);
    expect(useBreadcrumbs.getState().crumbs).toEqual([{ label: 'Users', url: '/user?page=2' }]);
    visitPage({ label: 'Update User', url: '/user/update/7' }, false);
    expect(useBreadcrumbs.getState().crumbs).toHaveLength(2);
    visitPage({ label: 'Home', url: '/home?refresh=true' }, true);
    expect(useBreadcrumbs.getState().crumbs).toEqual([]);
    expect(trailAfter([{ label: 'A', url: '/a' }], { label: 'B', url: '/b' })).toHaveLength(2);
  });

  it('a page that replaced the last one in the history takes its place on the trail', () => {
    visitPage({ label: 'Aggregate Circles', url: '/aggregate' }, false);
    visitPage({ label: 'Create Aggregate Circle', url: '/aggregate/manage/0' }, false);
    visitPage({ label: 'Manage Aggregate Circle', url: '/aggregate/manage/4' }, false, true);
    expect(useBreadcrumbs.getState().crumbs.map((c) => c.url)).toEqual(['/aggregate', '/aggregate/manage/4']);
    // Replacing the address of the same page (a tab in its query) keeps the trail as it is.
    visitPage({ label: 'Manage Aggregate Circle', url: '/aggregate/manage/4?tab=user' }, false, true);
    expect(useBreadcrumbs.getState().crumbs.map((c) => c.url)).toEqual(['/aggregate', '/aggregate/manage/4?tab=user']);
  });

  it('start a new trail from a page chosen in the menu', () => {
    visitPage({ label: 'Users', url: '/user' }, false);
    visitPage({ label: 'Update User', url: '/user/update/7' }, false);
    restartBreadcrumbs();
    visitPage({ label: 'Roles', url: '/role' }, false);
    expect(useBreadcrumbs.getState().crumbs).toEqual([{ label: 'Roles', url: '/role' }]);
  });

  it('a reload keeps the trail, an address opened from outside starts a new one', () => {
    visitPage({ label: 'Users', url: '/user' }, false);
    visitPage({ label: 'Update User', url: '/user/update/7' }, false);
    pageLoaded();
    visitPage({ label: 'Update User', url: '/user/update/7' }, false);
    expect(useBreadcrumbs.getState().crumbs).toHaveLength(2);
    pageLoaded();
    visitPage({ label: 'Roles', url: '/role' }, false);
    expect(useBreadcrumbs.getState().crumbs).toEqual([{ label: 'Roles', url: '/role' }]);
    visitPage({ label: 'Update Role', url: '/role/update/3' }, false);
    expect(useBreadcrumbs.getState().crumbs).toHaveLength(2);
  });

  it('are kept in session storage, cleared when the session ends and restored when one starts', () => {
    visitPage({ label: 'Users', url: '/user' }, false);
    visitPage({ label: 'Update User', url: '/user/update/7' }, false);
    expect(JSON.parse(sessionStorage.getItem(sessionStorageKeys.breadcrumbs)!)).toHaveLength(2);
    useSession.getState().ended();
    expect(useBreadcrumbs.getState().crumbs).toEqual([]);
    expect(sessionStorage.getItem(sessionStorageKeys.breadcrumbs)).toBeNull();
    // A trail in storage (a reload) is what a starting session shows.
    sessionStorage.setItem(sessionStorageKeys.breadcrumbs, JSON.stringify([{ label: 'Users', url: '/user' }, { label: 'Roles', url: '/role' }]));
    useSession.getState().started(login('sid-3'), 'tok');
    expect(useBreadcrumbs.getState().crumbs).toHaveLength(2);
  });
});
