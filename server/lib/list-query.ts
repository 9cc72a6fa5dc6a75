import type { Knex } from 'knex';
import type { ListDefinition } from '../../engine/core/screen-document.ts';
import { parseSorts } from '../../engine/core/grid-state.ts';
import { HttpError } from './http-error.ts';

/** The list call's query, as every listing grid sends it. */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  q?: string;
  sorts?: string;
  cols?: string;
  includeInactive?: boolean;
}

export interface ListResult<T> {
  Items: T[];
  TotalCount: number;
  CircleAccess: Array<{ Key: number; Value: string }>;
}

export const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    pageSize: { type: 'integer', minimum: 0, maximum: 1000, default: 50 },
    q: { type: 'string', maxLength: 200, default: '' },
    sorts: { type: 'string', maxLength: 500, default: '' },
    cols: { type: 'string', maxLength: 2000, default: '' },
    includeInactive: { type: 'boolean', default: false },
    pageId: { type: 'integer' },
  },
} as const;

export function listResponseSchema(item: Record<string, unknown>) {
  return {
    type: 'object',
    required: ['Items', 'TotalCount', 'CircleAccess'],
    properties: {
      Items: { type: 'array', items: item },
      TotalCount: { type: 'integer' },
      CircleAccess: {
        type: 'array',
        items: { type: 'object', properties: { Key: { type: 'integer' }, Value: { type: 'string' } } },
      },
    },
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One list implementation for every module: paging, multi-column sort and search over the columns the
 * screen declares (nothing else is sortable or searchable), visible columns, and inactive rows on request.
 * `base` is the module's query over its table; `idField` keeps the order total so pages never overlap.
 */
export async function runList<T>(
  base: Knex.QueryBuilder,
  list: ListDefinition,
  options: { idField: string; activeField?: string; alwaysSelect?: string[] },
  query: ListQuery,
): Promise<ListResult<T>> {
  const columns = new Map(list.columns.map((c) => [c.field, c]));
  const sorts = parseSorts(query.sorts ?? '');
  for (const s of sorts) {
    if (!columns.get(s.field)?.sortable) throw HttpError.of(400, `${s.field} is not a sortable column.`, 'sorts');
  }
  const visible = (query.cols ?? '').split(',').filter(Boolean);
  for (const field of visible) {
    if (!columns.has(field)) throw HttpError.of(400, `${field} is not a column of this list.`, 'cols');
  }
  const filtered = base.clone();
  if (options.activeField && !query.includeInactive) filtered.where(options.activeField, true);
  const term = (query.q ?? '').trim();
  if (term) {
    const searchable = list.columns.filter((c) => c.searchable).map((c) => c.field);
    const pattern = `%${escapeLike(term)}%`;
    filtered.where((w) => searchable.forEach((field) => w.orWhere(field, 'ilike', pattern)));
  }
  const [{ Count }] = await filtered.clone().clearSelect().count({ Count: '*' });
  const selected = new Set([options.idField, ...(options.alwaysSelect ?? []), ...(visible.length ? visible : columns.keys())]);
  const page = filtered.clone().select([...selected]);
  for (const s of sorts.length ? sorts : list.defaultSort ?? []) page.orderBy(s.field, s.dir);
  page.orderBy(options.idField, 'asc');
  const pageSize = query.pageSize ?? 50;
  if (pageSize > 0) page.limit(pageSize).offset(((query.page ?? 1) - 1) * pageSize);
  return { Items: (await page) as T[], TotalCount: Number(Count), CircleAccess: [] };
}
