import { vi } from 'vitest';

/**
 * The reports calls answered in memory (the contract of issue 31), so the screen's tests mock only fetch: two
 * categories, three reports, and 'Sales by office' with a text box, a date range, a region and the offices of the
 * chosen regions (a dependent select many).
 */
export const categories = [
  { CategoryId: 2, Title: 'Finance', DisplayOrder: 2 },
  { CategoryId: 1, Title: 'Sales', DisplayOrder: 1 },
];
const report = (ReportId: number, ReportDispName: string, CategoryId: number, DisplayOrder: number, Description: string) => ({
  ReportId, ReportDispName, Description, DisplayOrder, CategoryId, ReportCategoryId: CategoryId, FileName: `report-${ReportId}`,
  IsFavorite: false, UserFavoriteReportId: null as number | null, ShowHelpText: false, HelpText: null,
});
export const reports = [
  report(3, 'Invoices', 2, 1, 'Every invoice with its amount.'),
  report(2, 'Sales by office', 1, 2, 'Sales of each office over a period.'),
  report(1, 'Customers', 1, 1, 'New customers by month.'),
];
const param = (ParameterId: number, Param: string, Title: string, ControlType: number, DisplayOrder: number, ParentIds: string | null, Value: string | null = null) => ({
  ParameterId, Param, Title, ControlType, DefaultValue: Value, DisplayOrder, ParentIds, IsAllAllowed: false, AllOptionValue: null,
  ShowFilter: ControlType === 6, ShowHelpText: false, HelpText: null, Value,
});
export const salesParams = [
  param(10, 'Customer', 'Customer name', 0, 1, null),
  param(11, 'From', 'Period', 4, 2, 'period', '2026-01-01'),
  param(12, 'To', 'Period', 4, 3, 'period', '2026-01-31'),
  param(13, 'Region', 'Region', 5, 4, null),
  param(14, 'Offices', 'Offices', 6, 5, '13'),
];
const regions = [{ Key: 'North', Value: '1' }, { Key: 'South', Value: '2' }];
const offices: Record<string, Array<{ Key: string; Value: string }>> = {
  1: [{ Key: 'Oslo', Value: '101' }, { Key: 'Bergen', Value: '102' }],
  2: [{ Key: 'Rome', Value: '201' }],
};
export const allRows = Array.from({ length: 23 }, (_, i) => ({ Office: i % 2 ? 'Oslo' : 'Bergen', Day: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`, Amount: 10 * (i + 1) }));
export const columns = [
  { Name: 'Office', Title: 'Office', Type: 'string' },
  { Name: 'Day', Title: 'Day', Type: 'date' },
  { Name: 'Amount', Title: 'Amount', Type: 'number', Total: 'sum' },
];

export interface FakeServer {
  fetch: ReturnType<typeof vi.fn>;
  favourites: Array<{ UserFavoriteReportId: number; Name: string; Params: unknown[] }>;
  /** The next run's answer instead of the result (a status and its body). */
  failRun: { status: number; body: unknown } | null;
  /** While set, runs wait for it to resolve (the viewer's loading state). */
  holdRun: Promise<void> | null;
  /** Bodies of the calls made, by path. */
  calls: (path: string) => unknown[];
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function run(body: { Page?: number; PageSize?: number; Sorts?: Array<{ Field: string; Dir: string }> }) {
  const rows = [...allRows];
  const sort = body.Sorts?.[0];
  if (sort) rows.sort((a, b) => (a[sort.Field as 'Amount'] > b[sort.Field as 'Amount'] ? 1 : -1) * (sort.Dir === 'desc' ? -1 : 1));
  const size = body.PageSize ?? 10;
  const page = rows.slice(((body.Page ?? 1) - 1) * size, (body.Page ?? 1) * size);
  const sum = (list: typeof allRows) => list.reduce((s, r) => s + r.Amount, 0);
  return {
    Columns: columns, Rows: page, Total: rows.length, Totals: { Amount: sum(allRows) },
    Groups: ['Bergen', 'Oslo'].map((Key) => ({ Key, Totals: { Amount: sum(allRows.filter((r) => r.Office === Key)) } })),
    Chart: { Kind: 'bar', Title: 'Amount by office', Labels: ['Bergen', 'Oslo'], Series: [{ Name: 'Amount', Title: 'Amount', Values: [1, 2] }] },
  };
}

export function fakeReportsServer(): FakeServer {
  const server: FakeServer = {
    favourites: [],
    failRun: null,
    holdRun: null,
    calls: (path) => server.fetch.mock.calls.filter(([url]) => String(url).split('?')[0] === path).map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined)),
    fetch: vi.fn(async (url: string, init?: RequestInit) => {
      const [path, search] = String(url).split('?');
      const query = new URLSearchParams(search);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (path === '/api/reports/categories') return json(categories);
      if (path === '/api/reports') return json(reports.map((r) => (r.ReportId === 2 && server.favourites.length ? { ...r, IsFavorite: true, UserFavoriteReportId: server.favourites[0].UserFavoriteReportId } : r)));
      if (path === '/api/reports/parameters') return json(query.get('reportCategoryId') === '2' || query.get('reportCategoryId') === '1' ? salesParams : []);
      if (path === '/api/reports/parameter-values') return json(query.get('parameterId') === '13' ? regions : []);
      if (path === '/api/reports/dependent-values') return json(query.get('parentId')!.split('|').flatMap((id) => offices[id] ?? []));
      if (path === '/api/reports/favorites' && init?.method === 'POST') {
        if (!body.name?.trim()) return json([{ PropertyName: 'name', ErrorMessage: 'Name is required.', ErrorCode: 'Required' }], 400);
        const saved = { UserFavoriteReportId: server.favourites.length + 50, Name: body.name, Params: body.params.map((p: Record<string, unknown>) => ({
          Name: p.name, Value: p.value, ControlType: p.controlType, ParameterId: p.parameterId, ValueId: p.valueId,
        })) };
        server.favourites.unshift(saved);
        return json({ UserFavoriteReportId: saved.UserFavoriteReportId }, 201);
      }
      if (path === '/api/reports/favorites') return json(server.favourites);
      if (path.startsWith('/api/reports/favorites/') && init?.method === 'DELETE') {
        server.favourites = server.favourites.filter((f) => `/api/reports/favorites/${f.UserFavoriteReportId}` !== path);
        return new Response(null, { status: 204 });
      }
      if (path === '/api/reports/run') {
        if (server.holdRun) await server.holdRun;
        const failure = server.failRun;
        server.failRun = null;
        return failure ? json(failure.body, failure.status) : json(run(body));
      }
      return json([{ PropertyName: null, ErrorMessage: 'Not found', ErrorCode: 404 }], 404);
    }),
  };
  return server;
}
