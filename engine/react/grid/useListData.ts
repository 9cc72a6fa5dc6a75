import { useEffect, useState } from 'react';
import type { ListDataSource, ListResult } from './types.ts';

export const dataServiceError = 'There was an issue contacting the data service.';

export interface ListData<Row> {
  result: ListResult<Row> | null;
  loading: boolean;
  error: string | null;
}

/** Loads the page for a query; a newer query aborts the older request so a slow answer never overwrites a newer one. */
export function useListData<Row>(source: ListDataSource<Row>, query: string, reloadKey = 0): ListData<Row> {
  const [data, setData] = useState<ListData<Row>>({ result: null, loading: true, error: null });
  useEffect(() => {
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
  }, [source, query, reloadKey]);
  return data;
}
