import { useCallback, useEffect, useMemo, useState } from 'react';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { message } from '../../../engine/core/messages.ts';
import { toErrorList, type ErrorItem } from '../../../engine/core/error-items.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { ApiError } from '../../api/client.ts';
import { circleApi, type AggregateCircle } from './circle-api.ts';
import {
  changedParts, draftAfterSave, draftOf, emptyAggregate, withoutErrorsAt, writeOf,
  type AggregateDraft, type FieldProperty, type Part,
} from './aggregate-draft.ts';

/** The fields of each part, whose errors a Reset clears. */
const partFields: Record<Part, FieldProperty[]> = {
  members: ['AtomicCircleHierarchy', 'OwnerAtomicCircle'],
  permissions: ['Role', 'Permissions'],
  users: ['Users'],
};

/** What a failed call said, as error items. */
function errorsOf(error: unknown): ErrorItem[] {
  const items = error instanceof ApiError ? error.items : toErrorList((error as Error)?.message);
  return items.length ? items : toErrorList('A system error has occurred. Please try again.');
}

/**
 * The aggregate the page edits: the saved record (the baseline Reset goes back to), the draft, the server's errors,
 * and its saves. `id` <= 0 is a new aggregate.
 */
export function useAggregateCircle(id: number) {
  const creating = !(id > 0);
  const [saved, setSaved] = useState<AggregateCircle | null>(creating ? emptyAggregate : null);
  const [draft, setDraft] = useState<AggregateDraft>(() => draftOf(emptyAggregate));
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (creating) return;
    let live = true;
    circleApi.aggregate(id).then((loaded) => {
      if (!live) return;
      setSaved(loaded);
      setDraft(draftOf(loaded));
    }, (error: unknown) => { if (live) setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error')); });
    return () => { live = false; };
  }, [id, creating]);

  const baseline = useMemo(() => draftOf(saved ?? emptyAggregate), [saved]);
  const changed = useMemo(() => changedParts(draft, baseline), [draft, baseline]);
  const dirty = changed.header || changed.members || changed.permissions || changed.users;

  /** A change of the draft; the server's errors about the field edited are cleared. */
  const edit = useCallback((patch: Partial<AggregateDraft>, field?: FieldProperty) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (field) setErrors((items) => withoutErrorsAt(items, field));
  }, []);

  /** Reset: a section goes back to what was saved, and the server's errors about it no longer stand. */
  const reset = useCallback((part: Part) => {
    setDraft((d) => draftAfterSave(d, { ...baseline, Name: d.Name, Description: d.Description }, [part]));
    setErrors((items) => partFields[part].reduce(withoutErrorsAt, items));
  }, [baseline]);

  /** Saves the header and the parts named; the new aggregate (or null when refused, its errors kept on the form). */
  async function save(parts: Part[]): Promise<AggregateCircle | null> {
    if (!draft.Name.trim()) {
      setErrors((items) => [...withoutErrorsAt(items, 'Name'), { PropertyName: 'Name', ErrorMessage: message('required', ['Name']), ErrorCode: 'required' }]);
      notify('error', noticeText('Validation', 'error'));
      return null;
    }
    setBusy(true);
    try {
      const answer = creating
        ? await circleApi.createAggregate({ Role: [], Permissions: [], AtomicCircleHierarchy: [], OwnerAtomicCircle: null, ...writeOf(draft, parts) })
        : await circleApi.updateAggregate(id, writeOf(draft, parts, saved?.RowVersion));
      setSaved(answer);
      setDraft((d) => draftAfterSave(d, draftOf(answer), parts));
      setErrors([]);
      notify('success', noticeText(creating ? 'Create' : 'Update', 'success'));
      return answer;
    } catch (error) {
      const items = errorsOf(error);
      setErrors(items);
      const validation = error instanceof ApiError && (error.status === 400 || error.status === 409);
      notify('error', noticeText(validation ? 'Validation' : creating ? 'Create' : 'Update', 'error'));
      return null;
    } finally {
      setBusy(false);
    }
  }

  /** Deletes the aggregate (its member circles become free); true when done. */
  async function remove(): Promise<boolean> {
    setBusy(true);
    try {
      await circleApi.deleteAggregate(id);
      notify('success', noticeText('Delete', 'success'));
      return true;
    } catch (error) {
      const items = errorsOf(error);
      setErrors(items);
      notify('error', noticeText('Delete', 'error', {}, items.length === 1 ? items[0].ErrorMessage : undefined));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { creating, saved, draft, baseline, changed, dirty, errors, failure, busy, edit, reset, save, remove };
}

export type AggregateCircleState = ReturnType<typeof useAggregateCircle>;
