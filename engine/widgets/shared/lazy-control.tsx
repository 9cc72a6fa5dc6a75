import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Skeleton } from '@mui/material';

/** A control whose code is fetched on first use; `preload` starts the fetch early. */
export type LazyControl<P> = ComponentType<P> & { preload: () => Promise<unknown> };

const controls: Array<LazyControl<never>> = [];

/**
 * A library control loaded on demand: the date pickers, rich text, uploads and searchable selects pull
 * in large libraries that most forms never need, so a form that does not name them does not load them.
 * Once loaded, the control renders at once, without a placeholder.
 */
export function lazyControl<P extends object>(load: () => Promise<ComponentType<P>>): LazyControl<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Pending = lazy(async () => ({ default: await preload() }));
  function Control(props: P) {
    // An instance first drawn while the code was on its way stays on the lazy path: switching it to the loaded
    // component would remount it on its next render, and it would lose its state (the module access editor
    // its open modules, at its first tick).
    const [viaPending] = useState(() => loaded === undefined);
    const Loaded = loaded;
    if (Loaded && !viaPending) return <Loaded {...props} />;
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={40} aria-label="Loading, please wait..." />}>
        <Pending {...props} />
      </Suspense>
    );
  }
  const control = Object.assign(Control, { preload });
  controls.push(control as LazyControl<never>);
  return control;
}

/** Loads every on-demand control (tests and stories render them without waiting). */
export function preloadAllControls(): Promise<unknown> {
  return Promise.all(controls.map((c) => c.preload()));
}
