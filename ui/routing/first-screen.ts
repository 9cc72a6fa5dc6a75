import { useSession } from '../stores/session.ts';
import { restoreSession } from '../api/session-calls.ts';
import { isHomePath, publicFormPageOf } from '../boot/early-calls.ts';
import { preloadDefinition } from '../screens/public-form/public-form-parts.tsx';
import { preloadable } from './preloadable.tsx';

// The signed-in part is loaded only after sign-in, so /login stays small.
export const shell = preloadable(() => import('../shell/AppShell.tsx'));
export const home = preloadable(() => import('../screens/HomePage.tsx'));
export const contactPage = preloadable(() => import('../screens/public-pages/ContactUsPage.tsx'));
export const publicFormPage = preloadable(() => import('../screens/public-form/PublicFormPage.tsx'));

/** How long a start waits for its complete first screen before it draws what it has (a loading screen) instead. */
const firstScreenWaitMs = 2500;

/**
 * What the first screen needs, fetched at once and side by side (ui/main.tsx sent its calls already), so that the page
 * is drawn once, complete, rather than as a loading screen and then the whole screen drawn over it in one long piece of
 * work (on a phone that piece held the page for half a second). A stored session: the session restored, the route
 * table, the shell's code and, on /home, the home's. A public form's page: the page itself.
 * A slow network still gets the loading screen after a moment.
 */
export function firstScreenReady(): Promise<unknown> {
  const path = window.location.pathname;
  const needed: Array<Promise<unknown>> = [];
  if (useSession.getState().token) {
    needed.push(restoreSession(), shell.preload()); // RequireSession, waiting on the same call, says what went wrong
    if (isHomePath(path)) needed.push(home.preload());
  }
  const formPage = publicFormPageOf(path);
  // Only the page: its frame (title and words) is drawn first, and then the form engine is asked for (most of the
  // page's bytes, and of its work once here: fetched before, it held the first paint back). The definition, asked for
  // by ui/main.tsx already, is taken over here and handed to the page.
  if (formPage) {
    needed.push((formPage.contactPage ? contactPage : publicFormPage).preload());
    void preloadDefinition(formPage.key).catch(() => undefined); // the page's own call says what went wrong
  }
  if (!needed.length) return Promise.resolve();
  return Promise.race([Promise.allSettled(needed), new Promise((resolve) => setTimeout(resolve, firstScreenWaitMs))]);
}
