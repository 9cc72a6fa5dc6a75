import { useEffect } from 'react';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { useAsync, type AsyncState } from '../../../engine/widgets/shared/use-async.ts';

/**
 * A load of the page's lists (circles, roles, form actions) when `key` changes; the last answer stays shown while the
 * next loads, a late answer for an old key is dropped, and a failure raises the 'Read' notice (spec 3 section 8).
 */
export function useCircleData<T>(load: (() => Promise<T>) | null, key: string): AsyncState<T> {
  const state = useAsync(load, key);
  useEffect(() => {
    if (state.error !== undefined) notify('error', noticeText('Read', 'error'));
  }, [state.error]);
  return state;
}
