import { useCallback, useMemo } from 'react';
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
  const dispatch = useCallback(
    (action: GridAction, replace = false) => {
      const next = gridReducer(state, action);
      const search = formatGridQuery(next, defaults);
      if (`?${search}` !== location.search && !(search === '' && location.search === '')) {
        navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace });
      }
    },
    [state, defaults, location.pathname, location.search, navigate],
  );
  return [state, dispatch];
}
