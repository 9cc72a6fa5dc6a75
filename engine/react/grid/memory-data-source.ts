import { parseSorts } from '../../core/grid-state.ts';
import type { ListDataSource } from './types.ts';

/**
 * A list data source over rows held in memory, answering the list call's query the way the server does
 * (search over the given fields, multi-column sort, paging, inactive rows only on request).
 * For small fixed lists, Storybook and component tests.
 */
export function memoryDataSource<Row extends Record<string, unknown>>(
  rows: Row[],
  options: { searchFields: string[]; delayMs?: number } = { searchFields: [] },
): ListDataSource<Row> {
  return async (query, signal) => {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    const params = new URLSearchParams(query);
    const q = (params.get('q') ?? '').toLowerCase();
    let items = rows.filter((r) => params.get('includeInactive') === 'true' || r.IsActive !== false);
    if (q) items = items.filter((r) => options.searchFields.some((f) => String(r[f] ?? '').toLowerCase().includes(q)));
    const sorts = parseSorts(params.get('sorts'));
    items = [...items].sort((a, b) => {
      for (const s of sorts) {
        const c = String(a[s.field] ?? '').localeCompare(String(b[s.field] ?? ''));
        if (c) return s.dir === 'asc' ? c : -c;
      }
      return 0;
    });
    const pageSize = Number(params.get('pageSize') ?? 0);
    const page = Number(params.get('page') ?? 1);
    const start = pageSize > 0 ? (page - 1) * pageSize : 0;
    const Items = pageSize > 0 ? items.slice(start, start + pageSize) : items;
    // Cursors name row positions; this source pages by the page number the grid sends along with them.
    const cursor = (i: number) => (Items.length ? `cursor-${i}` : null);
    return { Items, TotalCount: items.length, CircleAccess: [], Cursors: { First: cursor(start + 1), Last: cursor(start + Items.length) } };
  };
}
