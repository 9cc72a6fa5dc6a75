import type { ComponentType } from 'react';
import type { ScreenDocument } from '../core/screen-document.ts';

/** What a registered screen component is given: its screen, the route's kind and its parameters. */
export interface ScreenComponentProps {
  screen: ScreenDocument;
  kind: keyof ScreenDocument['routes'];
  params: Record<string, string | undefined>;
}

const registry = new Map<string, ComponentType<ScreenComponentProps>>();

/**
 * Custom parts are registered by name; screen metadata names them in `components` for the routes that
 * need them. Everything else stays generic.
 */
export function registerScreenComponent(name: string, component: ComponentType<ScreenComponentProps>): void {
  if (registry.has(name)) throw new Error(`a screen component named ${name} is already registered`);
  registry.set(name, component);
}

/** The component a screen names for a route kind; an unknown name is an error, not a silent fallback. */
export function screenComponentFor(screen: ScreenDocument, kind: ScreenComponentProps['kind']): ComponentType<ScreenComponentProps> | null {
  const name = screen.components?.[kind];
  if (!name) return null;
  const component = registry.get(name);
  if (!component) throw new Error(`Screen ${screen.id} names the component ${name}, which is not registered.`);
  return component;
}
