import type { FastifyInstance } from 'fastify';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { builtForm, builtFormIdOf, builtForms } from './built-forms.ts';

/** A screen document with its entity schema: shipped (metadata/) or composed from a form an administrator built. */
export interface ScreenPayload {
  screen: ScreenDocument;
  entity: JsonSchema;
}

/** The screen by id, shipped or built; null when there is none (or the built form is inactive). */
export async function screenPayload(app: FastifyInstance, id: string): Promise<ScreenPayload | null> {
  const shipped = app.registry.screens.get(id);
  if (shipped) return { screen: shipped, entity: app.registry.entities.get(shipped.entity) as JsonSchema };
  const formId = builtFormIdOf(id);
  const built = formId === null ? null : await builtForm(app.db, formId);
  return built && { screen: built.screen, entity: built.entity };
}

/** Every screen: the shipped ones, then each active built form's. */
export async function allScreens(app: FastifyInstance): Promise<ScreenDocument[]> {
  return [...app.registry.screens.values(), ...(await builtForms(app.db)).map((b) => b.screen)];
}

/** The first path segment of every shipped screen's routes: a built form's name may not take one of them. */
export function shippedRouteSegments(app: FastifyInstance): Set<string> {
  const segments = new Set<string>(['home', 'session', 'user', 'login', 'api', 'form', 'formfield']);
  for (const screen of app.registry.screens.values()) {
    for (const url of Object.values(screen.routes)) segments.add(String(url).split('/')[1]?.toLowerCase() ?? '');
  }
  return segments;
}
