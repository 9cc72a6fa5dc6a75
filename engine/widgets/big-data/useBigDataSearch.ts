import { useEffect, useRef, useState } from 'react';
import type { SelectOption } from '../shared/types.ts';
import { canSearch, filterOptions, searchDelay, searchStatus } from './logic.ts';

/** What a big-data select searches: options in memory, or a server search by text when lazy. */
export interface BigDataSearchSource {
  options: readonly SelectOption[];
  lazy: boolean;
  search?: (text: string) => Promise<SelectOption[]>;
}

/** The search state of a big-data select: the typed query, its results and the status text to show. */
export interface BigDataSearch {
  query: string;
  setQuery: (text: string) => void;
  results: SelectOption[];
  searching: boolean;
  status: string | null;
}

/**
 * Debounced search: nothing happens under two characters; otherwise, after the delay of the mode
 * (800 ms to the server, 100 ms in memory), the results replace the previous ones. A newer query
 * cancels an older pending one so answers never arrive out of order.
 */
export function useBigDataSearch(source: BigDataSearchSource): BigDataSearch {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SelectOption[]>([]);
  const [searching, setSearching] = useState(false);
  // Held in a ref so a parent re-rendering with a new array or closure does not restart the timer.
  const sourceRef = useRef(source);
  sourceRef.current = source;

  useEffect(() => {
    if (!canSearch(query)) {
      setResults([]);
      setSearching(false);
      return;
    }
    let live = true;
    setSearching(true);
    const { lazy } = sourceRef.current;
    const timer = setTimeout(async () => {
      const { options, search } = sourceRef.current;
      try {
        const found = lazy && search ? await search(query.trim()) : filterOptions(options, query);
        if (live) setResults(found);
      } catch {
        if (live) setResults([]);
      } finally {
        if (live) setSearching(false);
      }
    }, searchDelay(lazy));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  return { query, setQuery, results, searching, status: searchStatus(query, searching, results.length) };
}
