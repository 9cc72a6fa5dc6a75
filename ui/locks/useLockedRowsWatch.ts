import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/api.ts';
import { refreshGrids } from '../../engine/react/grid/grid-refresh.ts';
import { windowHeaders } from './window-id.ts';
import { lockTiming } from './timing.ts';
import { listenForLockEnds } from './channel.ts';

/**
 * Spec 2: "the grid refreshes when a record lock is released". While a list shows rows locked by someone else (its
 * lockedrecordids), this asks every few seconds which of them still are, and refreshes the grids once one is free;
 * a lock another tab of this browser gives up refreshes them at once (channel.ts). Answers the callback the list's
 * data source tells the locked ids of each page it loads.
 */
export function useLockedRowsWatch(domain: string): (ids: Array<number | string> | undefined) => void {
  const [watched, setWatched] = useState<number[]>([]);
  const key = useRef('');
  useEffect(() => listenForLockEnds(), []);

  const seen = useCallback((ids: Array<number | string> | undefined) => {
    const numbers = (ids ?? []).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
    const next = numbers.join(',');
    if (next === key.current) return;
    key.current = next;
    setWatched(numbers);
  }, []);

  useEffect(() => {
    if (!watched.length) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      const path = `/api/record-locks/held/${encodeURIComponent(domain)}?ids=${watched.join(',')}`;
      api.get<{ LockedIds: number[] }>(path, { quiet: true, signal: controller.signal, headers: windowHeaders() }).then(({ LockedIds }) => {
        if (LockedIds.length < watched.length) refreshGrids();
      }, () => undefined);
    }, lockTiming.heldPollMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [domain, watched]);

  return seen;
}
