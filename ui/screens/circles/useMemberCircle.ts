import { useEffect, useMemo, useState } from 'react';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { ApiError } from '../../api/client.ts';
import { circleApi, type AggregateCircle, type AtomicCircle, type IdName } from './circle-api.ts';
import { sameIds } from './permission-tree.ts';

interface Grants { roles: IdName[]; permissions: number[] }

const sameGrants = (a: Grants, b: Grants) => sameIds(a.roles.map((r) => r.Id), b.roles.map((r) => r.Id)) && sameIds(a.permissions, b.permissions);

/** What a member circle holds: its own roles and grants, or (inheriting) the aggregate's as saved. */
function grantsOf(circle: AtomicCircle, aggregate: AggregateCircle): Grants {
  return circle.HasOwnRoles
    ? { roles: circle.Role, permissions: circle.Permissions }
    : { roles: aggregate.Role, permissions: aggregate.Permissions };
}

/**
 * One member circle of the aggregate, for its custom permissions: loaded when chosen, its roles and grants edited,
 * saved as its own (HasOwnRoles true), or given back to the aggregate (HasOwnRoles false).
 */
export function useMemberCircle(circleId: number | null, aggregate: AggregateCircle) {
  const [circle, setCircle] = useState<AtomicCircle | null>(null);
  const [draft, setDraft] = useState<Grants>({ roles: [], permissions: [] });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    setCircle(null);
    setError(undefined);
    if (circleId === null) return;
    let live = true;
    circleApi.atomicCircle(circleId).then((loaded) => {
      if (!live) return;
      setCircle(loaded);
      setDraft(grantsOf(loaded, aggregate));
    }, () => { if (live) notify('error', noticeText('Read', 'error')); });
    return () => { live = false; };
    // The aggregate's saved grants matter only when a circle is (re)loaded: not a reason to reload it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [circleId]);

  const baseline = useMemo(() => (circle ? grantsOf(circle, aggregate) : null), [circle, aggregate]);
  const dirty = Boolean(baseline) && !sameGrants(draft, baseline!);
  // The aggregate saved new roles: an inheriting circle not being edited shows them at once.
  const [shown, setShown] = useState(baseline);
  if (shown !== baseline) {
    setShown(baseline);
    if (shown && baseline && sameGrants(draft, shown)) setDraft(baseline);
  }

  async function write(body: Parameters<typeof circleApi.updateAtomicRole>[1]): Promise<void> {
    if (!circle) return;
    setBusy(true);
    try {
      const answer = await circleApi.updateAtomicRole(circle.Id, body);
      setCircle(answer);
      setDraft(grantsOf(answer, aggregate));
      setError(undefined);
      notify('success', noticeText('Update', 'success'));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : undefined);
      notify('error', noticeText('Update', 'error'));
    } finally {
      setBusy(false);
    }
  }

  return {
    circle, draft, dirty, busy, error,
    setRoles: (roles: IdName[]) => { setDraft((d) => ({ ...d, roles })); setError(undefined); },
    setPermissions: (permissions: number[]) => { setDraft((d) => ({ ...d, permissions })); setError(undefined); },
    reset: () => { if (baseline) setDraft(baseline); setError(undefined); },
    /** Saving roles makes them the circle's own. */
    save: () => write({ Role: draft.roles.map(({ Id }) => ({ Id })), Permissions: draft.permissions, HasOwnRoles: true, RowVersion: circle?.RowVersion }),
    /** Back to the aggregate's roles and grants: the circle's own are cleared. */
    inherit: () => write({ Role: [], Permissions: [], HasOwnRoles: false, RowVersion: circle?.RowVersion }),
  };
}
