import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { ListingGrid, type ListingGridProps } from '../../engine/react/grid/ListingGrid.tsx';
import { memoryDataSource } from '../../engine/react/grid/memory-data-source.ts';
import { refreshGrids } from '../../engine/react/grid/grid-refresh.ts';
import { NotificationHost } from '../../engine/react/notifications/NotificationHost.tsx';
import { useNotifications } from '../../engine/react/notifications/store.ts';
import type { GridExporter, GridViews, ListDataSource, PageActionsSource } from '../../engine/react/grid/types.ts';
import type { PageAction } from '../../engine/core/grid/actions.ts';
import type { ListDefinition, ScreenDocument } from '../../engine/core/screen-document.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };
import { sampleUsers } from '../../stories/fixtures/sample-users.ts';

type Row = Record<string, unknown>;
const list = (users as unknown as ScreenDocument).list!;
const rows = sampleUsers(60);
const searchFields = ['FirstName', 'LastName', 'UserName', 'EmailAddress'];

let currentLocation = { pathname: '', search: '' };
function LocationProbe() {
  const location = useLocation();
  currentLocation = { pathname: location.pathname, search: location.search };
  return null;
}

function renderGrid(props: Partial<ListingGridProps<Row>> = {}, url = '/user') {
  const dataSource = vi.fn(('dataSource' in props ? props.dataSource : memoryDataSource(rows, { searchFields })) as ListDataSource<Row>);
  const utils = render(
    <MemoryRouter initialEntries={[url]}>
      <ListingGrid<Row> list={list} idField="UserId" {...props} dataSource={'dataSource' in props && !props.dataSource ? undefined : dataSource} />
      <LocationProbe />
      <NotificationHost />
    </MemoryRouter>,
  );
  return { ...utils, dataSource, lastQuery: () => new URLSearchParams(dataSource.mock.calls.at(-1)![0]) };
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).queryAllByRole('row');
const notices = () => useNotifications.getState().notices.map((n) => `${n.severity}: ${n.text}`);

afterEach(() => {
  useNotifications.setState({ notices: [] });
  vi.restoreAllMocks();
});

describe('saved views', () => {
  const views = (stored = '', overrides: Partial<GridViews> = {}) => ({
    load: vi.fn<GridViews['load']>(async () => stored),
    save: vi.fn<GridViews['save']>(async () => {}),
    ...overrides,
  });

  it("saves the current view (not its page or cursor) as the page's default, under the page's key", async () => {
    const v = views();
    renderGrid({ views: v }, '/User?page=2&after=abc&pageSize=20&q=ada&sorts=FirstName,asc,LastName,desc&cols=LastName,UserName');
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    expect(v.load).not.toHaveBeenCalled(); // the page opened with a query: that query is the view
    await userEvent.click(screen.getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(v.save).toHaveBeenCalledTimes(1));
    const [key, value] = vi.mocked(v.save).mock.calls[0];
    expect(key).toBe('gridview:/user');
    expect(JSON.parse(value)).toEqual({
      pageSize: 20, q: 'ada', sorts: [{ field: 'FirstName', dir: 'asc' }, { field: 'LastName', dir: 'desc' }], cols: ['LastName', 'UserName'], includeInactive: false,
    });
    await waitFor(() => expect(screen.getByText('Your default view for this page has been saved.')).toBeTruthy());
  });

  it('says so when the view cannot be saved', async () => {
    renderGrid({ views: views('', { save: vi.fn(async () => Promise.reject(new Error('down'))) }) });
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(notices()).toEqual(['error: Your default view could not be saved at this time.']));
  });

  it('opens a page without a query on the saved default, asking for no rows before it is known', async () => {
    const saved = JSON.stringify({ pageSize: 10, q: 'kofi', sorts: [{ field: 'FirstName', dir: 'desc' }], cols: ['FirstName', 'UserName'], includeInactive: true });
    const v = views(saved);
    const { dataSource, lastQuery } = renderGrid({ views: v });
    await waitFor(() => expect(currentLocation.search).toBe('?pageSize=10&q=kofi&sorts=FirstName,desc&cols=FirstName,UserName&includeInactive=true'));
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    expect(v.load).toHaveBeenCalledWith('gridview:/user');
    expect(dataSource).toHaveBeenCalledTimes(1);
    expect(Object.fromEntries(lastQuery())).toMatchObject({ pageSize: '10', q: 'kofi', sorts: 'FirstName,desc', cols: 'FirstName,UserName', includeInactive: 'true' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['First Name, sorted descending', 'User Name']);
  });

  it('opens on the screen defaults, with the warning, when the saved view cannot be read', async () => {
    const { lastQuery } = renderGrid({ views: views('', { load: vi.fn(async () => Promise.reject(new Error('down'))) }) });
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(lastQuery().get('sorts')).toBe('LastName,asc');
    expect(notices()).toEqual(['warning: Your default view for this page could not be loaded at this time.']);
  });

  it('opens on the screen defaults when nothing is saved', async () => {
    const v = views('');
    const { lastQuery } = renderGrid({ views: v });
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(currentLocation.search).toBe('');
    expect(lastQuery().get('pageSize')).toBe('50');
    expect(notices()).toEqual([]);
  });
});

describe('export', () => {
  it('downloads the current view without its paging, showing progress while the file streams in', async () => {
    let finish!: (file: { blob: Blob; fileName: string }) => void;
    let progress!: (bytes: number) => void;
    const exporter = vi.fn<GridExporter>((_query, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => { finish = resolve; });
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderGrid({ exporter }, '/user?page=2&after=abc&q=ada&sorts=FirstName,desc&includeInactive=true');
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(Object.fromEntries(new URLSearchParams(exporter.mock.calls[0][0]))).toEqual({
      q: 'ada', sorts: 'FirstName,desc', cols: 'LastName,FirstName,EmailAddress', includeInactive: 'true',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /Exporting… 0 B/ })).toBeTruthy());
    act(() => progress(4096));
    expect((screen.getByRole('button', { name: /Exporting… 4 KB/ }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish({ blob: new Blob(['a,b\r\n']), fileName: 'users-2025-01-01.csv' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy());
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('users-2025-01-01.csv');
  });

  it('tells the user when the export fails', async () => {
    renderGrid({ exporter: async () => Promise.reject(new Error('down')) });
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(notices()).toEqual(['error: The export could not be completed.']));
  });
});

describe('row and set actions', () => {
  const action = (ActionId: number, ActionName: string, Url: string | null, ParentActionId: number | null = null): PageAction => ({
    Type: 'button', Url, ButtonText: ActionName, ActionId, ActionName, ColumnCss: `col-${ActionName}`, ButtonCss: null, ParentActionId,
  });
  // Edit (1) and Delete (2) are placed by the users screen's action columns; Archive (3) goes to the Actions column.
  const pageActions: PageActionsSource = async () => ({
    DataRowActions: [action(1, 'UpdateUser', '/user/update'), action(2, 'DeleteUser', '/user/delete'), action(3, 'Archive', null, 1)],
    DataSetActions: [action(10, 'PrintAll', null), action(11, 'MailAll', null)],
  });
  const circleRows: Row[] = [
    { UserId: 1, LastName: 'InCircleA', FirstName: 'a', AtomicCircleId: 100, IsActive: true },
    { UserId: 2, LastName: 'InCircleB', FirstName: 'b', AtomicCircleId: 200, IsActive: true },
    { UserId: 3, LastName: 'NoCircle', FirstName: 'c', IsActive: true },
    { UserId: 4, LastName: 'Master', FirstName: 'd', IsMaster: true, IsActive: true },
  ];
  const source = (CircleAccess = [{ Key: 100, Value: '1' }, { Key: 200, Value: '2,10' }]): ListDataSource<Row> =>
    async () => ({ Items: circleRows, TotalCount: circleRows.length, CircleAccess });
  const buttonsIn = (lastName: string) =>
    within(screen.getByRole('cell', { name: lastName }).closest('tr')!).queryAllByRole('button').map((b) => b.textContent);

  it('shows a row action only where CircleAccess grants it (or its parent) for the row\'s circle; rows without a circle match any', async () => {
    renderGrid({ dataSource: source(), pageActions });
    await waitFor(() => expect(screen.getByRole('cell', { name: 'InCircleA' })).toBeTruthy());
    await waitFor(() => expect(buttonsIn('InCircleA').length).toBeGreaterThan(0));
    expect(buttonsIn('InCircleA')).toEqual(['UpdateUser', 'Archive']); // Archive through its parent UpdateUser
    expect(buttonsIn('InCircleB')).toEqual(['DeleteUser']);
    expect(buttonsIn('NoCircle')).toEqual(['UpdateUser', 'DeleteUser', 'Archive']);
    expect(buttonsIn('Master')).toEqual(['UpdateUser', 'Archive']); // Delete is hidden where IsMaster equals true
    expect(screen.getByRole('cell', { name: 'InCircleA' }).closest('tr')!.querySelector('td.col-UpdateUser')).toBeTruthy();
  });

  it('shows set actions above the grid when some circle grants them', async () => {
    renderGrid({ dataSource: source(), pageActions });
    const group = await screen.findByRole('group', { name: 'List actions' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['PrintAll']);
  });

  it('shows no actions (and no action columns) when nothing is granted', async () => {
    renderGrid({ dataSource: source([]), pageActions });
    await waitFor(() => expect(screen.getByRole('cell', { name: 'InCircleA' })).toBeTruthy());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryAllByRole('button', { name: /UpdateUser|DeleteUser|Archive|PrintAll/ })).toEqual([]);
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  it('opens the action URL with the row id appended, without also opening the row', async () => {
    const onRowClick = vi.fn();
    renderGrid({ dataSource: source(), pageActions, onRowClick });
    await waitFor(() => expect(buttonsIn('NoCircle')).toContain('DeleteUser'));
    const row = screen.getByRole('cell', { name: 'NoCircle' }).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'DeleteUser' }));
    await waitFor(() => expect(currentLocation.pathname).toBe('/user/delete/3'));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it("adds the action column's extra params to the URL", async () => {
    const withParams: ListDefinition = {
      ...list,
      columns: list.columns.map((c) => (c.action === 'UpdateUser' ? { ...c, params: { returnUrl: '/user', name: '{LastName}' } } : c)) as ListDefinition['columns'],
    };
    render(
      <MemoryRouter initialEntries={['/user']}>
        <ListingGrid<Row> list={withParams} idField="UserId" dataSource={source()} pageActions={pageActions} />
        <LocationProbe />
      </MemoryRouter>,
    );
    await waitFor(() => expect(buttonsIn('InCircleA')).toContain('UpdateUser'));
    await userEvent.click(within(screen.getByRole('cell', { name: 'InCircleA' }).closest('tr')!).getByRole('button', { name: 'UpdateUser' }));
    await waitFor(() => expect(currentLocation).toEqual({ pathname: '/user/update/1', search: '?returnUrl=%2Fuser&name=InCircleA' }));
  });

  it("runs a registered handler, and says 'Functionality has not been implemented' for an action with neither handler nor URL", async () => {
    const Archive = vi.fn();
    renderGrid({ dataSource: source(), pageActions, actionHandlers: { Archive } });
    const group = await screen.findByRole('group', { name: 'List actions' });
    await userEvent.click(within(group).getByRole('button', { name: 'PrintAll' }));
    await waitFor(() => expect(notices()).toEqual(['warning: Functionality has not been implemented']));
    await userEvent.click(within(screen.getByRole('cell', { name: 'NoCircle' }).closest('tr')!).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(Archive).toHaveBeenCalledWith(circleRows[2], expect.objectContaining({ ActionId: 3 })));
  });

  it('refuses a list with an action column that names no action', () => {
    const broken: ListDefinition = { ...list, columns: [...list.columns, { field: 'Go', label: 'Go', type: 'action' }] };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(
      <MemoryRouter><ListingGrid list={broken} idField="UserId" dataSource={source()} /></MemoryRouter>,
    )).toThrow('The listing grid refuses this list: action column Go names no action (/list/columns/6/action).');
  });
});

describe('record locks', () => {
  it("shows the lock notice when the list answer names locked rows, and marks them", async () => {
    const locked: ListDataSource<Row> = async (query, signal) => ({ ...(await memoryDataSource(rows, { searchFields })(query, signal)), LockedIds: [1] });
    renderGrid({ dataSource: locked });
    await waitFor(() => expect(screen.getByText('Some of the items in this table have been locked. You may still view them, but you will not be able to make changes.')).toBeTruthy());
    expect(document.querySelectorAll('tr[data-locked]')).toHaveLength(1);
  });

  it('shows no lock notice without locked rows', async () => {
    renderGrid();
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(screen.queryByText(/have been locked/)).toBeNull();
  });

  it('reloads the current page when the app says a lock was released, and when reloadKey changes', async () => {
    const { dataSource, rerender } = renderGrid();
    await waitFor(() => expect(dataSource).toHaveBeenCalledTimes(1));
    act(() => refreshGrids());
    await waitFor(() => expect(dataSource).toHaveBeenCalledTimes(2));
    rerender(
      <MemoryRouter initialEntries={['/user']}>
        <ListingGrid<Row> list={list} idField="UserId" dataSource={dataSource} reloadKey={1} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(dataSource.mock.calls.length).toBeGreaterThanOrEqual(3));
  });
});

describe('grid errors', () => {
  it("says 'No suitable list method was found in the provided service.' without a data source", async () => {
    renderGrid({ dataSource: undefined });
    await waitFor(() => expect(screen.getByText('No suitable list method was found in the provided service.')).toBeTruthy());
  });

  it("says 'There was a problem selecting the item.' for a row without an id, and when opening a row fails", async () => {
    const onRowClick = vi.fn();
    const noIds: ListDataSource<Row> = async () => ({ Items: [{ LastName: 'Nobody', FirstName: 'x' }], TotalCount: 1, CircleAccess: [] });
    renderGrid({ dataSource: noIds, onRowClick });
    await userEvent.click(await screen.findByRole('cell', { name: 'Nobody' }));
    await waitFor(() => expect(notices()).toEqual(['error: There was a problem selecting the item.']));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('reports a row click that fails', async () => {
    renderGrid({ onRowClick: async () => Promise.reject(new Error('route missing')) });
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    await userEvent.click(bodyRows()[0].querySelector('td')!);
    await waitFor(() => expect(notices()).toEqual(['error: There was a problem selecting the item.']));
  });
});
