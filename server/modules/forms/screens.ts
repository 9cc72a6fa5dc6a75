import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import type { MetadataRegistry } from '../../metadata/registry.ts';
import { builtForm, builtFormIdOf, builtForms } from './built-forms.ts';
import { extendedScreen } from './reserved-forms.ts';
import { pageIdOf } from '../../../engine/core/lowcode/compose-page.ts';
import { pageScreen, pageScreens } from '../pages/page-screens.ts';

/** A screen document with its entity schema: shipped (metadata/, with the UDFs of its reserved form) or built. */
export interface ScreenPayload {
  screen: ScreenDocument;
  entity: JsonSchema;
}

/** The screen by id, shipped or built; null when there is none (or the built form is inactive). */
export async function screenPayload(app: FastifyInstance, id: string): Promise<ScreenPayload | null> {
  const shipped = app.registry.screens.get(id);
  if (shipped) return extendedScreen(app.db, shipped, app.registry.entities.get(shipped.entity) as JsonSchema);
  const pageId = pageIdOf(id);
  if (pageId !== null) {
    const page = await pageScreen(app.db, pageId);
    return page && { screen: page.screen, entity: page.entity };
  }
  const formId = builtFormIdOf(id);
  const built = formId === null ? null : await builtForm(app.db, formId);
  return built && { screen: built.screen, entity: built.entity };
}

/** Every screen: the shipped ones (with their UDFs), then each active built form's, then each live page's. */
export async function composedScreens(db: Knex, registry: MetadataRegistry): Promise<ScreenPayload[]> {
  const shipped = [];
  for (const screen of registry.screens.values()) shipped.push(await extendedScreen(db, screen, registry.entities.get(screen.entity) as JsonSchema));
  const forms = await builtForms(db);
  const pages = (await pageScreens(db, forms)).map((p) => ({ screen: p.screen, entity: p.entity }));
  return [...shipped, ...forms, ...pages];
}

export async function allScreens(app: FastifyInstance): Promise<ScreenDocument[]> {
  return (await composedScreens(app.db, app.registry)).map((p) => p.screen);
}

/** The first path segment of every shipped screen's routes: a built form's name may not take one of them. */
export function shippedRouteSegments(app: FastifyInstance): Set<string> {
  const segments = new Set<string>(['home', 'session', 'user', 'login', 'api', 'form', 'formfield']);
  for (const screen of app.registry.screens.values()) {
    for (const url of Object.values(screen.routes)) segments.add(String(url).split('/')[1]?.toLowerCase() ?? '');
  }
  return segments;
}
