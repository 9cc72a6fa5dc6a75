import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { ListingGrid } from '../../engine/react/grid/ListingGrid.tsx';
import { memoryDataSource } from '../../engine/react/grid/memory-data-source.ts';
import type { ListDataSource } from '../../engine/react/grid/types.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import { sampleUsers } from '../../stories/fixtures/sample-users.ts';

const list = (users as unknown as ScreenDocument).list!;
const rows = sampleUsers(137);

let currentSearch = '';
function LocationProbe() {
  currentSearch = useLocation().search;
  return null;
}

function renderGrid(url = '/user', source?: ListDataSource) {
  const dataSource = vi.fn(source ?? memoryDataSource(rows, { searchFields: ['FirstName', 'LastName', 'UserName', 'EmailAddress'] }));
  const utils = render(
    <MemoryRouter initialEntries={[url]}>
      <ListingGrid list={list} idField="UserId" dataSource={dataSource} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...utils, dataSource, lastQuery: () => new URLSearchParams(dataSource.mock.calls.at(-1)![0]) };
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).queryAllByRole('row');

describe('listing grid', () => {
  it('asks for the first page with the screen defaults and shows "Page X of Y" and "N of M"', async () => {
    const { lastQuery } = renderGrid();
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(Object.fromEntries(lastQuery())).toMatchObject({ page: '1', pageSize: '50', sorts: 'LastName,asc', cols: 'LastName,FirstName,EmailAddress' });
    const active = rows.filter((r) => r.IsActive).length;
    expect(screen.getByText(`Page 1 of ${Math.ceil(active / 50)}`)).toBeTruthy();
    expect(screen.getByText(`50 of ${active}`)).toBeTruthy();
  });

  it('hides User Name by default and shows it from the column chooser, keeping it in the URL', async () => {
    renderGrid();
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(screen.queryByRole('columnheader', { name: /User Name/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: /User Name/ }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /User Name/ })).toBeTruthy());
    expect(currentSearch).toContain('cols=LastName,FirstName,UserName,EmailAddress');
  });

  it('toggles a sort asc/desc, sorts by a column alone on a click, adds a second sort on Shift-click, and resets to page 1', async () => {
    const { lastQuery } = renderGrid('/user?page=2');
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    await userEvent.click(screen.getByRole('button', { name: /Last Name/ }));
    await waitFor(() => expect(lastQuery().get('sorts')).toBe('LastName,desc'));
    expect(lastQuery().get('page')).toBe('1');
    // A plain click on another column sorts by it alone.
    await userEvent.click(screen.getByRole('button', { name: /First Name/ }));
    await waitFor(() => expect(lastQuery().get('sorts')).toBe('FirstName,asc'));
    await userEvent.click(screen.getByRole('button', { name: /Last Name/ }));
    await waitFor(() => expect(lastQuery().get('sorts')).toBe('LastName,asc'));
    await userEvent.click(screen.getByRole('button', { name: /Last Name/ }));
    await waitFor(() => expect(lastQuery().get('sorts')).toBe('LastName,desc'));
    // Shift-click adds it after the sort there is (the list allows several).
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: /First Name/ }));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(lastQuery().get('sorts')).toBe('LastName,desc,FirstName,asc'));
    expect(currentSearch).toContain('sorts=LastName,desc,FirstName,asc');
  });

  it('pages with Next and Last and never past the last page', async () => {
    const { lastQuery } = renderGrid('/user?pageSize=20');
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    expect(lastQuery().get('after')).toBe('cursor-20');
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('1'));
    expect(lastQuery().has('before')).toBe(false); // page 1 is asked for as itself
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(lastQuery().get('last')).toBe('true'));
    const last = String(Math.ceil(rows.filter((r) => r.IsActive).length / 20));
    await waitFor(() => expect(lastQuery().get('page')).toBe(last));
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('clamps a page beyond the last one back to the last page', async () => {
    const { lastQuery } = renderGrid('/user?page=99');
    const last = String(Math.ceil(rows.filter((r) => r.IsActive).length / 50));
    await waitFor(() => expect(lastQuery().get('page')).toBe(last));
    expect(currentSearch).toBe(`?page=${last}&last=true`);
  });

  it('searches only after the user pauses typing for 1000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { dataSource, lastQuery } = renderGrid();
      await waitFor(() => expect(dataSource).toHaveBeenCalledTimes(1));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
      await act(async () => vi.advanceTimersByTime(900));
      expect(dataSource).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTime(200));
      await waitFor(() => expect(lastQuery().get('q')).toBe('ada'));
      expect(dataSource).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the empty message and the data-service error', async () => {
    renderGrid('/user', memoryDataSource([], { searchFields: [] }));
    await waitFor(() => expect(screen.getByText('No users found.')).toBeTruthy());
    renderGrid('/user', async () => {
      throw new Error('down');
    });
    await waitFor(() => expect(screen.getByText('There was an issue contacting the data service.')).toBeTruthy());
  });

  it("shows the server's words when it refused the query, and the data-service error for a fault", async () => {
    const refusal = (status: number, ErrorMessage: string) => Object.assign(new Error(ErrorMessage), { status, items: [{ PropertyName: 'q', ErrorMessage, ErrorCode: 'SearchTooBroad' }] });
    renderGrid('/user?q=e', async () => {
      throw refusal(422, 'This search matches too many records to finish in time.');
    });
    await waitFor(() => expect(screen.getByText('This search matches too many records to finish in time.')).toBeTruthy());
    cleanup();
    renderGrid('/user?q=e', async () => {
      throw refusal(500, 'Internal detail that is not for the user');
    });
    await waitFor(() => expect(screen.getByText('There was an issue contacting the data service.')).toBeTruthy());
    expect(screen.queryByText('Internal detail that is not for the user')).toBeNull();
  });

  it('changing the page size goes back to page 1', async () => {
    const { lastQuery } = renderGrid('/user?page=2');
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await userEvent.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(lastQuery().get('pageSize')).toBe('10'));
    expect(lastQuery().get('page')).toBe('1');
  });
});
