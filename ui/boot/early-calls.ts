/**
 * The calls a signed-in start needs first (the session and the route table), sent by the page's first and smallest
 * script while the application's code is still on its way: on a phone that code takes a second to arrive, and the
 * calls would otherwise only leave after it. The API client takes over each answer as if it had sent the call itself
 * (its token refresh, 401 and error handling), so nothing here decides anything.
 *
 * A page drawing a public form (the contact page, /public/form/{key}) sends the call for the form's definition the same
 * way, signed in or not.
 *
 * This module imports only constants and a path helper of engine/core, which import nothing themselves: whatever it
 * imported would have to arrive before it could run.
 */
import { apiPath } from '../../engine/core/lowcode/api.ts';
import { contactFormKey, contactPageUrl, publicFormApi } from '../../engine/core/lowcode/public-forms.ts';

/** Where the stored session (ui/stores/session.ts) and 'view as' (ui/stores/view-as.ts) are kept. */
export const sessionStoreKey = 'metadmin.session';
export const viewAsStoreKey = 'metadmin.viewAs';

export const earlyCallPaths = { current: '/api/Authenticate/Current', routes: '/api/App/GetRoutes' } as const;

/** Each call sent early, by path, with the session token it carried (null: a public call). */
const sent = new Map<string, { token: string | null; answer: Promise<Response> }>();

interface StoredSession { state?: { token?: string | null; session?: { SessionId?: string; InstanceId?: string } | null } }

function stored<T>(storage: Storage, key: string): T | null {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** Sends the first calls when a session is stored (with the headers the client would send); whether it did. */
export function sendEarlyCalls(): boolean {
  const { token, session } = stored<StoredSession>(localStorage, sessionStoreKey)?.state ?? {};
  if (!token || !session?.SessionId || !session.InstanceId) return false;
  const viewAs = stored<{ state?: { viewing?: { UserId?: number } | null } }>(sessionStorage, viewAsStoreKey)?.state?.viewing?.UserId;
  const headers: Record<string, string> = {
    accept: 'application/json', authorization: `Bearer ${token}`, 'session-id': session.SessionId, 'instance-id': session.InstanceId,
    ...(viewAs ? { 'x-view-as': String(viewAs) } : {}),
  };
  for (const path of Object.values(earlyCallPaths)) sent.set(path, { token, answer: fetch(path, { headers }) });
  return true;
}

/**
 * The answer of a call sent early with this token (null for a public call), once: a later call of the same path is
 * sent anew.
 */
export function takeEarlyCall(path: string, token: string | null): Promise<Response> | undefined {
  const call = sent.get(path);
  sent.delete(path);
  return call?.token === token ? call.answer : undefined;
}

/** The home's address: a signed-in start there fetches the home's code with the shell's. */
export const isHomePath = (pathname: string) => pathname === '/home' || pathname === '/';

/** The public form a page address draws, and whether that page is the contact page; else null. */
export function publicFormPageOf(pathname: string): { key: string; contactPage: boolean } | null {
  if (pathname === contactPageUrl) return { key: contactFormKey, contactPage: true };
  const match = /^\/public\/form\/([^/]+)$/.exec(pathname);
  try {
    return match ? { key: decodeURIComponent(match[1]), contactPage: false } : null;
  } catch {
    return null; // a malformed address: the page says the form is not found
  }
}

/** The address of a public form's definition (a visitor's call, no session). */
export const publicFormDefinitionPath = (key: string) => apiPath(publicFormApi.visitor, { key });

export function sendEarlyPublicFormCall(key: string): void {
  const path = publicFormDefinitionPath(key);
  sent.set(path, { token: null, answer: fetch(path, { headers: { accept: 'application/json' } }) });
}
