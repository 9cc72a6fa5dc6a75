import { useEffect, useState } from 'react';
import type { ListDataSource, ListResult } from './types.ts';
import { gridMessages } from './messages.ts';

export const dataServiceError = gridMessages.noListService;

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
        setData((d) => ({ ...d, loading: false, error: dataServiceError }));
      },
    );
    return () => controller.abort();
  }, [source, query, reloadKey, enabled]);
  return data;
}
