import { useEffect, useState } from 'react';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/types.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { preloadControlsFor } from '../../../engine/widgets/registry.ts';
import { routeFailureMessages } from '../../routing/route-failure-messages.ts';
import { useSession } from '../../stores/session.ts';
import { useViewAs } from '../../stores/view-as.ts';

export interface ScreenPayload { Screen: ScreenDocument; Schema: JsonSchema }

const loaded = new Map<string, Promise<ScreenPayload>>();

// A screen document is the signed-in user's own (fields they may not see are left out): another session, or none, starts afresh.
useSession.subscribe((now, before) => {
  if (now.session?.SessionId !== before.session?.SessionId) loaded.clear();
});
useViewAs.subscribe((now, before) => {
  if (now.viewing?.UserId !== before.viewing?.UserId) loaded.clear();
});

/** Screen documents are fetched once per page load; a failed fetch is forgotten so the next visit retries. */
export function loadScreen(id: string): Promise<ScreenPayload> {
  let pending = loaded.get(id);
  if (!pending) {
    pending = api.get<ScreenPayload>(`/api/metadata/screens/${id}`);
    // The form's on-demand controls load while its record does.
    void pending.then((p) => preloadControlsFor(p.Schema, p.Screen.form?.uiSchema as Record<string, unknown> | undefined), () => {});
    pending.catch(() => loaded.delete(id));
    loaded.set(id, pending);
  }
  return pending;
}

/**
 * The screen document of a route. Only the document of the screen asked for is answered: moving from one
 * screen's route to another's keeps this hook, and the previous screen's document must not be drawn as
 * the next one's for the render before the new one arrives.
 */
export function useScreenPayload(screenId: string): { payload: ScreenPayload | null; failure: string | null } {
  const [answer, setAnswer] = useState<{ screenId: string; payload: ScreenPayload | null; failure: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    loadScreen(screenId).then(
      (payload) => live && setAnswer({ screenId, payload, failure: null }),
      (error: unknown) => live && setAnswer({ screenId, payload: null, failure: error instanceof ApiError ? error.message : routeFailureMessages.systemError }),
    );
    return () => {
      live = false;
    };
  }, [screenId]);
  const current = answer?.screenId === screenId ? answer : null;
  return { payload: current?.payload ?? null, failure: current?.failure ?? null };
}
