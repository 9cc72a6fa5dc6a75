import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import ReportsPage from '../../../ui/screens/reports/ReportsPage.tsx';
import { ReportCard, reportCardNeedsMessage } from '../../../ui/screens/reports/index.ts';
import { fileNameOf } from '../../../ui/screens/reports/report-export.ts';
import reportsScreen from '../../../metadata/screens/reports.json' with { type: 'json' };
import { fakeReportsServer, type FakeServer } from './fake-reports-server.ts';

let server: FakeServer;
let saved: Array<{ name: string; blob: Blob }>;
beforeEach(() => {
  server = fakeReportsServer();
  saved = [];
  vi.stubGlobal('fetch', server.fetch);
  // The download: the Blob handed to a link with the download attribute, read back here.
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const href = `blob:test/${blobs.size}`;
    blobs.set(href, blob as Blob);
    return href;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openSalesFilled() {
  render(<ReportsPage screen={reportsScreen as unknown as ScreenDocument} kind="single" params={{}} />);
  await userEvent.click(await screen.findByRole('button', { name: /^Sales by office/ }));
  await userEvent.type(await screen.findByRole('textbox', { name: 'Customer name' }), 'Acme');
  await userEvent.click(screen.getByRole('combobox', { name: /^Region/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'North' }));
  await userEvent.click(screen.getByRole('combobox', { name: /^Offices/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Oslo' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Bergen' }));
  await userEvent.keyboard('{Escape}');
}

describe('favourites', () => {
  it('a favourite needs a name; saved, it keeps the filters, is listed, loads them and generates, and can be deleted', async () => {
    await openSalesFilled();
    await userEvent.click(screen.getByRole('button', { name: 'Add to favourites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to favourites' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required.')).toBeTruthy();
    expect(server.calls('/api/reports/favorites').filter(Boolean)).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'North offices');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls('/api/reports/favorites').filter(Boolean)[0]).toEqual({
      reportId: 2, name: 'North offices', params: [
        { name: 'Customer', value: 'Acme', controlType: 0, parameterId: 10, valueId: null },
        { name: 'From', value: '2026-01-01', controlType: 4, parameterId: 11, valueId: null },
        { name: 'To', value: '2026-01-31', controlType: 4, parameterId: 12, valueId: null },
        { name: 'Region', value: 'North', controlType: 5, parameterId: 13, valueId: '1' },
        { name: 'Offices', value: 'Oslo, Bergen', controlType: 6, parameterId: 14, valueId: '101\u001F102' },
      ],
    });
    // The chooser's star comes with the saved favourite.
    expect(await within(screen.getByRole('button', { name: /^Sales by office/ })).findByTitle('Has favourites')).toBeTruthy();

    // Change the filters, then load the favourite: its values come back and the report runs with them.
    await userEvent.clear(screen.getByRole('textbox', { name: 'Customer name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Customer name' }), 'Other');
    await userEvent.click(await screen.findByRole('button', { name: 'Load favourite North offices' }));
    await screen.findByRole('table');
    expect((screen.getByRole('textbox', { name: 'Customer name' }) as HTMLInputElement).value).toBe('Acme');
    expect(server.calls('/api/reports/run').at(-1)).toMatchObject({ Params: { Customer: 'Acme', Region: '1', Offices: ['101', '102'] } });

    await userEvent.click(screen.getByRole('button', { name: 'Delete favourite North offices' }));
    expect(await screen.findByText('No favourites saved for this report.')).toBeTruthy();
    expect(server.favourites).toEqual([]);
  });

  it("shows the server's refusal of the name under it", async () => {
    await openSalesFilled();
    await userEvent.click(screen.getByRole('button', { name: 'Add to favourites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to favourites' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Taken');
    server.fetch.mockImplementationOnce(async () => new Response(JSON.stringify([{ PropertyName: 'name', ErrorMessage: 'That name is refused.', ErrorCode: 'X' }]), { status: 400, headers: { 'content-type': 'application/json' } }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('That name is refused.')).toBeTruthy();
  });
});

describe('export', () => {
  it('streams the file with the bytes received shown, and saves it under the name of Content-Disposition', async () => {
    await openSalesFilled();
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('table');
    let push!: (text: string) => void;
    let end!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
        end = () => controller.close();
      },
    });
    server.fetch.mockImplementationOnce(async () => new Response(body, {
      status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report-2-2026-11-28.csv"', 'x-report-rows': '23' },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    push('Office,Day,Amount\n');
    expect(await screen.findByText('Exporting CSV: 18 bytes received of 23 rows.')).toBeTruthy();
    push('Oslo,2026-01-02,20\n');
    end();
    expect(await screen.findByText('Exported to report-2-2026-11-28.csv.')).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(['report-2-2026-11-28.csv']);
    expect(await saved[0].blob.text()).toBe('Office,Day,Amount\nOslo,2026-01-02,20\n');
    const [url, init] = server.fetch.mock.calls.at(-1)!;
    expect(url).toBe('/api/reports/export?format=csv');
    expect(JSON.parse(String(init.body))).toEqual({ ReportId: 2, Params: { Customer: 'Acme', From: '2026-01-01', To: '2026-01-31', Region: '1', Offices: ['101', '102'] } });
  });

  it('Cancel stops the export and saves nothing', async () => {
    await openSalesFilled();
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('table');
    let signal!: AbortSignal;
    server.fetch.mockImplementationOnce(async (_url: string, init: RequestInit) => {
      signal = init.signal!;
      return new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('The export was cancelled.')).toBeTruthy();
    expect(signal.aborted).toBe(true);
    expect(saved).toEqual([]);
  });

  it('reads the file name of a Content-Disposition however it is written', () => {
    expect(fileNameOf('attachment; filename="a b.csv"', 'x')).toBe('a b.csv');
    expect(fileNameOf('attachment; filename=plain.xlsx', 'x')).toBe('plain.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''caf%C3%A9.csv", 'x')).toBe('café.csv');
    expect(fileNameOf(null, 'report.csv')).toBe('report.csv');
  });
});

describe("the 'Print Invoice' report card", () => {
  it('without a file name or parameters it says what it needs, and calls nothing', async () => {
    const { rerender } = render(<ReportCard fileName="report-2" params={{}} />);
    expect(screen.getByRole('heading', { name: 'Print Invoice' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(reportCardNeedsMessage);
    rerender(<ReportCard fileName="" params={{ Customer: 'Acme' }} />);
    expect(screen.getByRole('alert').textContent).toBe(reportCardNeedsMessage);
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('runs the report named by its file with the parameters given and shows its table', async () => {
    render(<ReportCard fileName="report-2" params={{ Customer: 'Acme', From: '2026-01-01', To: '2026-01-31', Region: '1', Offices: ['101'] }} />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row').at(-1)!.textContent).toBe('Total2,760');
    expect(server.calls('/api/reports/run')[0]).toMatchObject({ ReportId: 2, Params: { Customer: 'Acme' }, Page: 1 });
  });
});
