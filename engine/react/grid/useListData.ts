import { useEffect, useState } from 'react';
import type { ListDataSource, ListResult } from './types.ts';
import { gridMessages } from './messages.ts';

export const dataServiceError = gridMessages.noListService;

/**
 * What the grid says when its list call fails: the server's own words when it refused the query (a 4xx with an
 * error item: a search too broad to finish, a column that cannot be sorted), the specification's data-service
 * message for everything else (no answer, a server fault).
 */
export function listErrorMessage(error: unknown): string {
  const { status, items } = (error ?? {}) as { status?: unknown; items?: Array<{ ErrorMessage?: unknown }> };
  const refusal = typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && status !== 403;
  const said = Array.isArray(items) ? items[0]?.ErrorMessage : undefined;
  return refusal && typeof said === 'string' && said ? said : dataServiceError;
}

export interface ListData<Row> {
  result: ListResult<Row> | null;
  loading: boolean;
  error: string | null;
}

/**
 * Loads the page for a query; a newer query aborts the older request so a slow answer never overwrites a newer one.
 * Nothing is asked while `enabled` is false (a saved view is still being read); with no source at all the grid has no list method.
 */
export function useListData<Row>(source: ListDataSource<Row> | undefined, query: string, reloadKey = 0, enabled = true): ListData<Row> {
  const [data, setData] = useState<ListData<Row>>({ result: null, loading: Boolean(source), error: source ? null : gridMessages.noListMethod });
  useEffect(() => {
    if (!source) {
      setData({ result: null, loading: false, error: gridMessages.noListMethod });
      return;
    }
    if (!enabled) return;
    const controller = new AbortController();
    setData((d) => ({ ...d, loading: true, error: null }));
    source(query, controller.signal).then(
      (result) => setData({ result, loading: false, error: null }),
      (error: unknown) => {
        if ((error as Error)?.name === 'AbortError') return;
        setData((d) => ({ ...d, loading: false, error: listErrorMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [source, query, reloadKey, enabled]);
  return data;
}
