import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatGridQuery, type GridDefaults, type GridState } from '../../core/grid-state.ts';
import { parseSavedView, savedViewKey, serializeView, viewMessages } from '../../core/grid/saved-view.ts';
import { notify } from '../notifications/store.ts';
import type { GridViews } from './types.ts';

export interface SavedViewHook {
  /** False while the page's saved view is read: the grid asks for no rows until it is known. */
  ready: boolean;
  saving: boolean;
  save(state: GridState): Promise<void>;
}

/**
 * The user's default view of this page (spec 1 "Preferences"): read once when the page opens without a
 * query and applied by replacing the URL; saved on request with the spec's success and failure notices.
 */
export function useSavedView(views: GridViews | undefined, defaults: GridDefaults): SavedViewHook {
  const location = useLocation();
  const navigate = useNavigate();
  const key = savedViewKey(location.pathname);
  // Only the URL the page opened with decides; later changes of the query are the user's own steps.
  const [opening, setOpening] = useState<'reading' | 'applying' | 'done'>(() => (!views || location.search !== '' ? 'done' : 'reading'));
  const [saving, setSaving] = useState(false);
  // The router applies navigation in a transition, after other updates: rows are asked for only once the
  // saved view is in the URL, so the screen defaults are never fetched on the way.
  const ready = opening === 'done' || (opening === 'applying' && location.search !== '');

  useEffect(() => {
    if (opening !== 'reading' || !views) return;
    let live = true;
    const pathname = location.pathname;
    views.load(key).then(
      (text) => {
        const state = parseSavedView(text, defaults);
        const search = state ? formatGridQuery(state, defaults) : '';
        if (!live) return;
        if (search) {
          setOpening('applying');
          void navigate({ pathname, search: `?${search}` }, { replace: true });
        } else {
          setOpening('done');
        }
      },
      () => {
        if (!live) return;
        notify('warning', viewMessages.loadFailed);
        setOpening('done');
      },
    );
    return () => {
      live = false;
    };
    // Read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const save = useCallback(async (state: GridState) => {
    if (!views) return;
    setSaving(true);
    try {
      await views.save(key, serializeView(state));
      notify('success', viewMessages.saved);
    } catch {
      notify('error', viewMessages.saveFailed);
    } finally {
      setSaving(false);
    }
  }, [views, key]);

  return { ready, saving, save };
}
