import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { toErrorList } from '../../../engine/core/error-items.ts';
import { ApiError } from '../../api/client.ts';
import { mentionsVerification, staleKeyOf, type StaleKeyInfo } from '../../api/stale-key.ts';

export interface SignInFailure {
  items: ErrorItem[];
  /** Set for a verification error: the message is shown alone, with the link to a new code (spec 1 section 8). */
  verification: StaleKeyInfo | null;
}

export function signInFailure(error: unknown): SignInFailure {
  const items = error instanceof ApiError ? error.items : toErrorList(String(error));
  const stale = staleKeyOf(error);
  const verification = stale && mentionsVerification(stale.message) ? stale : null;
  return { items, verification };
}
