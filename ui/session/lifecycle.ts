import { useSession } from '../stores/session.ts';
import { useSessionNotice } from '../stores/session-notice.ts';
import { clearSessionStorage } from '../stores/session-storage.ts';
import { useMainMenu } from '../stores/main-menu.ts';
import { useBreadcrumbs } from '../stores/breadcrumbs.ts';
import { clearModuleAccessCache } from '../api/module-access.ts';
import { useNotifications } from '../../engine/react/notifications/store.ts';
import { sessionTexts } from './messages.ts';
import { sessionStoreKey } from '../boot/early-calls.ts';


function tokenIn(stored: string | null): string | null {
  try {
    return (JSON.parse(stored ?? 'null') as { state?: { token?: string | null } } | null)?.state?.token ?? null;
  } catch {
    return null;
  }
}

/**
 * When another tab of this browser has just signed in, this tab's old session was replaced by it: the tab takes
 * the new session over instead of ending (and, by ending, signing the other tab out through the shared storage).
 */
export function adoptOtherTabSession(): boolean {
  const stored = tokenIn(localStorage.getItem(sessionStoreKey));
  if (!stored || stored === useSession.getState().token) return false;
  const before = useSession.getState().session?.SessionId;
  void Promise.resolve(useSession.persist.rehydrate()).then(() => {
    // Another session now: its routes are fetched again before anything private mounts.
    if (useSession.getState().session?.SessionId !== before) useSession.setState({ routes: null });
  });
  return true;
}

/**
 * What happens around a session's start and end, whoever starts or ends it (spec 1 section 4): module-access
 * caches are cleared at start; session storage (breadcrumbs, menu) and open notices and notifications are cleared at end. Another
 * tab's sign-out reaches this tab as a storage event: the session ends here too, with the spec's message; another
 * tab's sign-in is taken over. Returns a function that undoes the installation (tests).
 */
export function installSessionLifecycle(): () => void {
  const unsubscribe = useSession.subscribe((next, prev) => {
    if (next.token && !prev.token) {
      clearModuleAccessCache();
      // Spec 1 section 4: breadcrumbs and the menu are restored on session start (the menu loads with the routes).
      useBreadcrumbs.getState().restore();
    }
    if (next.session?.SessionId !== prev.session?.SessionId && next.session) clearModuleAccessCache();
    if (!next.token && prev.token) {
      clearSessionStorage();
      useMainMenu.getState().clear();
      useBreadcrumbs.getState().clear();
      useSessionNotice.getState().clear();
      useNotifications.setState({ notices: [] });
    }
  });

  const onStorage = (event: StorageEvent) => {
    if (event.key !== sessionStoreKey && event.key !== null) return;
    const theirs = event.key === null ? null : tokenIn(event.newValue);
    const ours = useSession.getState().token;
    if (!theirs && ours) {
      useSession.getState().ended(sessionTexts.otherTab);
    } else if (theirs && theirs !== ours) {
      adoptOtherTabSession();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
