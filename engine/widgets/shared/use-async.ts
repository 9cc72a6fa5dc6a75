import { useEffect, useState } from 'react';

/** The state of one asynchronous load. */
export interface AsyncState<T> { data: T | undefined; loading: boolean; error: unknown }

/**
 * Runs `load` when `key` changes and keeps its result. A result arriving after the key changed (or
 * after unmount) is dropped, so a slow old answer never overwrites a newer one.
 */
export function useAsync<T>(load: (() => Promise<T>) | null, key: string): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ data: undefined, loading: load !== null, error: undefined });
  useEffect(() => {
    if (!load) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    load().then(
      (data) => live && setState({ data, loading: false, error: undefined }),
      (error: unknown) => live && setState({ data: undefined, loading: false, error }),
    );
    return () => { live = false; };
    // `load` is a fresh closure each render; `key` says when it really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
