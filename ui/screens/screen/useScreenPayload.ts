import { useEffect, useState } from 'react';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/types.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { preloadControlsFor } from '../../../engine/widgets/registry.ts';

export interface ScreenPayload { Screen: ScreenDocument; Schema: JsonSchema }

const loaded = new Map<string, Promise<ScreenPayload>>();

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

export function useScreenPayload(screenId: string): { payload: ScreenPayload | null; failure: string | null } {
  const [payload, setPayload] = useState<ScreenPayload | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setPayload(null);
    setFailure(null);
    loadScreen(screenId).then(
      (p) => live && setPayload(p),
      (error: unknown) => live && setFailure(error instanceof ApiError ? error.message : 'A system error has occurred. Please refresh your browser and try again.'),
    );
    return () => {
      live = false;
    };
  }, [screenId]);
  return { payload, failure };
}
