import { lazy, useState, type ComponentType } from 'react';

/**
 * A lazily loaded component that can be fetched before it is first drawn: drawn directly when its code is already
 * here (no Suspense fallback painted for a moment first), through React.lazy otherwise. Each mounted instance keeps the
 * way it started with, so a load finishing later never swaps the component under it (which would remount its tree).
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => (loading ??= load().then((m) => { loaded = m.default; return m; }));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return { Component: Preloadable, preload };
}
