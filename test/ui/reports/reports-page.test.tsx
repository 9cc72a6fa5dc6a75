import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import ReportsPage from '../../../ui/screens/reports/ReportsPage.tsx';
import reportsScreen from '../../../metadata/screens/reports.json' with { type: 'json' };
import { fakeReportsServer, type FakeServer } from './fake-reports-server.ts';

let server: FakeServer;
beforeEach(() => {
  server = fakeReportsServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () => render(<ReportsPage screen={reportsScreen as unknown as ScreenDocument} kind="single" params={{}} />);

async function openSales() {
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: /^Sales by office/ }));
  await screen.findByRole('form', { name: 'Report filters' });
}

async function fillFilters() {
  await userEvent.type(screen.getByRole('textbox', { name: 'Customer name' }), 'Acme');
  await userEvent.click(screen.getByRole('combobox', { name: /^Region/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'North' }));
  await userEvent.click(screen.getByRole('combobox', { name: /^Offices/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Oslo' }));
  await userEvent.keyboard('{Escape}');
}

describe('the reports chooser', () => {
  it('lists the reports by category in DisplayOrder with their descriptions and favourite mark, and the search narrows it', async () => {
    server.favourites.push({ UserFavoriteReportId: 7, Name: 'January', Params: [] });
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Reports' });
    await within(nav).findByText('Customers');
    const headings = within(nav).getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Sales', 'Finance']);
    const names = within(nav).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['CustomersNew customers by month.', 'Sales by officeSales of each office over a period.Has favourites', 'InvoicesEvery invoice with its amount.']);
    expect(within(within(nav).getByRole('button', { name: /^Sales by office/ })).getByTitle('Has favourites')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search reports' }), 'invoice');
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['InvoicesEvery invoice with its amount.']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search reports' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search reports' }), 'nothing like it');
    expect(within(nav).getByRole('status').textContent).toBe("No report matches 'nothing like it'.");
  });

  it('is worked by keyboard: down from the search box into the list, arrows through it, Enter opens the report', async () => {
    renderPage();
    await screen.findByText('Customers');
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search reports' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toMatch(/^Customers/);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toMatch(/^Sales by office/);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('form', { name: 'Report filters' })).toBeTruthy();
    // The opened report's heading has the focus, so Tab goes on into its filters.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sales by office', level: 2 }));
  });

  it('the menu toggle hides and shows the chooser beside the report', async () => {
    await openSales();
    const toggle = screen.getByRole('button', { name: 'Hide reports' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(screen.queryByRole('navigation', { name: 'Reports' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show reports' }));
    expect(screen.getByRole('navigation', { name: 'Reports' })).toBeTruthy();
  });
});

describe('the filters', () => {
  it('draws each parameter by its control type, the date range as one From/To pair filled from the server values', async () => {
    await openSales();
    const range = screen.getByRole('group', { name: 'Period' });
    expect(within(range).getByText('From')).toBeTruthy();
    expect(within(range).getByText('To')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Customer name' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Region/ })).toBeTruthy();
    expect(screen.getByText('Choose Region first.')).toBeTruthy();
  });

  it('every filter is required: an empty one is marked and no report is run', async () => {
    await openSales();
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    expect(server.calls('/api/reports/run')).toHaveLength(0);
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Customer name' }), 'Acme');
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
  });

  it("a dependent select loads its options for the parent's value and drops a choice the new parent does not have", async () => {
    await openSales();
    await fillFilters();
    expect(server.calls('/api/reports/dependent-values')).toHaveLength(1);
    const dependent = server.fetch.mock.calls.map(([url]) => String(url)).find((u) => u.startsWith('/api/reports/dependent-values'))!;
    expect(Object.fromEntries(new URLSearchParams(dependent.split('?')[1]))).toEqual({ filterId: '13', childId: '14', paramName: 'Offices', parentId: '1' });
    expect(screen.getByRole('button', { name: 'Oslo' })).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: /^Region/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'South' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Oslo' })).toBeNull());
    await userEvent.click(screen.getByRole('combobox', { name: /^Offices/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Rome']);
  });

  it('Cancel resets the filters and returns to the chooser', async () => {
    await openSales();
    await userEvent.type(screen.getByRole('textbox', { name: 'Customer name' }), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Report filters' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Sales by office/ }));
    expect((await screen.findByRole('textbox', { name: 'Customer name' }) as HTMLInputElement).value).toBe('');
  });
});

describe('the viewer', () => {
  it('shows the page, the subtotals and totals over the whole result, the chart, and pages and sorts on the server', async () => {
    await openSales();
    await fillFilters();
    let release!: () => void;
    server.holdRun = new Promise((resolve) => { release = resolve; });
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    // While the page loads: the progress bar, and the viewer marked busy.
    expect(await screen.findByRole('progressbar', { name: 'Loading the report' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Result' }).getAttribute('aria-busy')).toBe('true');
    server.holdRun = null;
    release();
    const table = await screen.findByRole('table');
    expect(screen.queryByRole('progressbar', { name: 'Loading the report' })).toBeNull();
    expect(server.calls('/api/reports/run')[0]).toEqual({
      ReportId: 2, Params: { Customer: 'Acme', From: '2026-01-01', To: '2026-01-31', Region: '1', Offices: ['101'] }, Page: 1, PageSize: 10,
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 10 + 3);
    expect(rows[1].textContent).toBe('Bergen01/01/202610');
    expect(rows.slice(-3).map((r) => r.textContent)).toEqual(['Subtotal: Bergen1,440', 'Subtotal: Oslo1,320', 'Total2,760']);
    expect(screen.getByText('23 rows')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Amount by office' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')[1].textContent).toBe('Bergen01/11/2026110'));
    // The next page is asked alone: the count, totals and chart of the first answer stay.
    expect(server.calls('/api/reports/run').at(-1)).toMatchObject({ Page: 2, Summary: false });
    expect(screen.getByText('23 rows')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row').at(-1)!.textContent).toBe('Total2,760');
    await userEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(server.calls('/api/reports/run').at(-1)).toMatchObject({ Page: 1, Sorts: [{ Field: 'Amount', Dir: 'asc' }] }));
    await userEvent.click(within(screen.getByRole('table')).getByRole('button', { name: /^Amount/ }));
    await waitFor(() => expect(server.calls('/api/reports/run').at(-1)).toMatchObject({ Sorts: [{ Field: 'Amount', Dir: 'desc' }] }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')[1].textContent).toBe('Bergen01/23/2026230'));
  });

  it("shows the server's field errors under their filters, and the time limit's message", async () => {
    await openSales();
    await fillFilters();
    server.failRun = { status: 400, body: [{ PropertyName: 'Customer', ErrorMessage: 'This field is required.', ErrorCode: 'Required' }] };
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/Some filters are not right/)).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const late = 'The report took longer than 30 seconds and was stopped. Narrow its filters and generate it again.';
    server.failRun = { status: 408, body: [{ PropertyName: null, ErrorMessage: late, ErrorCode: 408 }] };
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(late)).toBeTruthy();
    server.failRun = { status: 500, body: [{ PropertyName: null, ErrorMessage: 'boom', ErrorCode: 500 }] };
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/because of an error on the server/)).toBeTruthy();
  });
});
