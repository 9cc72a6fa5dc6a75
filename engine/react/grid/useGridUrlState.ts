import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatGridQuery, gridReducer, parseGridQuery, type GridAction, type GridDefaults, type GridState } from '../../core/grid-state.ts';

/**
 * The grid's state lives in the URL query, so back/forward and a pasted URL restore the same view.
 * Actions go through the pure reducer of engine/core; `replace` is for corrections (clamping), not user steps.
 */
export function useGridUrlState(defaults: GridDefaults): [GridState, (action: GridAction, replace?: boolean) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(
    () => parseGridQuery(new URLSearchParams(location.search), defaults),
    // defaults come from metadata and are stable per screen; compare them by value
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.search, defaults.pageSize, JSON.stringify(defaults.sorts)],
  );
  // The query an action has asked for that this render does not show yet. The router applies navigations in
  // transitions, so a quick second step (a search typed right after choosing a page size) would otherwise
  // start from the view before the first one and undo it.
  const ahead = useRef<string | null>(null);
  useEffect(() => {
    ahead.current = null;
  }, [location.search]);
  const dispatch = useCallback(
    (action: GridAction, replace = false) => {
      const current = ahead.current ?? location.search;
      const from = ahead.current === null ? state : parseGridQuery(new URLSearchParams(current), defaults);
      const search = formatGridQuery(gridReducer(from, action), defaults);
      const target = search ? `?${search}` : '';
      if (target === current) return;
      ahead.current = target;
      navigate({ pathname: location.pathname, search: target }, { replace });
    },
    [state, defaults, location.pathname, location.search, navigate],
  );
  return [state, dispatch];
}
