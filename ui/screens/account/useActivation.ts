import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { toErrorList } from '../../../engine/core/error-items.ts';
import type { AccountMessage } from '../../../metadata/types/AccountMessage.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { staleKeyOf } from '../../api/stale-key.ts';
import { invalidCodePath } from '../../routing/public-paths.ts';
import { accountTexts } from './texts.ts';

export type Activation =
  | { state: 'loading' }
  | { state: 'ok'; message: string; userName: string }
  | { state: 'failed'; errors: ErrorItem[] };

/** One call per link and page load: an activation key is used up by its first use, so a second call would fail. */
const calls = new Map<string, Promise<AccountMessage>>();

function activate(reason: string, token: string): Promise<AccountMessage> {
  const key = `${reason}/${token}`;
  let call = calls.get(key);
  if (!call) {
    call = api.put<AccountMessage>('/api/User/Activate', { ActivationToken: token, ActivationReason: reason });
    calls.set(key, call);
  }
  return call;
}

/**
 * The activation link's call (PUT User/Activate). A stale-key answer shows its message on the page that sends a new
 * code (spec 1 sections 4 and 8); a link without token or reason never reaches the server.
 */
export function useActivation(reason: string, token: string): Activation {
  const navigate = useNavigate();
  const empty = !reason.trim() || !token.trim();
  const [activation, setActivation] = useState<Activation>(empty ? { state: 'failed', errors: toErrorList(accountTexts.emptyTokenOrReason) } : { state: 'loading' });

  useEffect(() => {
    if (empty) return;
    let live = true;
    activate(reason, token).then(
      (answer) => live && setActivation({ state: 'ok', message: answer.Message, userName: answer.UserName ?? '' }),
      (error: unknown) => {
        if (!live) return;
        const stale = staleKeyOf(error);
        if (stale) navigate(invalidCodePath(stale.reason || reason, stale.staleKey), { replace: true, state: { message: stale.message } });
        else setActivation({ state: 'failed', errors: error instanceof ApiError ? error.items : toErrorList(String(error)) });
      },
    );
    return () => {
      live = false;
    };
  }, [reason, token, empty, navigate]);

  return activation;
}
