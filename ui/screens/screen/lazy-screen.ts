import { lazy, type ComponentType } from 'react';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';

/**
 * A registered screen component whose code is fetched when a route first shows it, so that a list screen does not
 * load the form editor's code, nor /home any screen's (ScreenRoute renders it inside a Suspense).
 */
export function lazyScreen<P extends ScreenComponentProps>(load: () => Promise<ComponentType<P>>): ComponentType<ScreenComponentProps> {
  return lazy(() => load().then((component) => ({ default: component as ComponentType<ScreenComponentProps> })));
}
