import { startTransition, useEffect, useState } from 'react';

let painted: Promise<void> | null = null;

/**
 * Resolves once the page's first contentful paint is done (at once when it was, before a sign-in, say). What the
 * first screen does not show (the menu's tree, the session's timers and dialogs, settings, the current user's details,
 * the widgets' data) waits for it, so that the first paint is not held back behind their calls and the drawing of
 * their answers (on a phone, a tenth of a second or more).
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    const done = () => resolve();
    // Without paint timing (an old browser, a test's DOM) there is no paint to wait for.
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return done();
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      done();
    }).observe({ type: 'paint', buffered: true });
    // A page opened in a background tab paints nothing until shown: its work starts after a moment anyway.
    setTimeout(done, backgroundTabWaitMs);
  });
  return painted;
}

const backgroundTabWaitMs = 1000;

/**
 * Whether the first screen has been painted (false during the first drawing). What it brings in is drawn as a
 * transition, in slices the browser may answer input between (a public form, the session's dialogs).
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstPaint().then(() => { if (live) startTransition(() => setDone(true)); });
    return () => { live = false; };
  }, []);
  return done;
}
