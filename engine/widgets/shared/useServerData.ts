import { useEffect } from 'react';
import { useWidgetData } from '../data-context.tsx';
import { useAsync, type AsyncState } from './use-async.ts';

/** A load from the server through the data source; a failure raises the 'Read' notice (spec 3 section 8). */
export function useServerData<T>(load: (() => Promise<T>) | null, key: string): AsyncState<T> {
  const data = useWidgetData();
  const state = useAsync(load, key);
  useEffect(() => {
    if (state.error !== undefined) data.notify?.('Read', state.error);
  }, [state.error, data]);
  return state;
}
