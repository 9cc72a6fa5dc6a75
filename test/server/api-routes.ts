import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface ApiRoute {
  method: HTTPMethods;
  /** The path with every parameter filled (`{id}` becomes 1, so a call reaches the route's checks). */
  url: string;
  /** Declared `access: 'public'`: the OpenAPI document gives it no security. */
  isPublic: boolean;
  /** Takes multipart/form-data: an upload. */
  takesFiles: boolean;
}

/**
 * Every API route, read from the OpenAPI document the server publishes (the access plugin marks public
 * routes there with `security: []`), so a suite walking them sees a route the day it is added.
 */
export async function apiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const doc = (await app.inject({ url: '/docs/json' })).json() as { paths: Record<string, Record<string, { security?: unknown[]; description?: string; requestBody?: { content?: Record<string, unknown> } }>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (method === 'head') continue;
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      // Upload routes stream their body (no body schema), and say so in their description.
      const takesFiles = Boolean(operation.requestBody?.content?.['multipart/form-data']) || Boolean(operation.description?.includes('multipart/form-data'));
      routes.push({ method: method.toUpperCase() as HTTPMethods, url: path.replace(/\{\w+\}/g, '1'), isPublic, takesFiles });
    }
  }
  return routes;
}

/** A body for the methods that take one, so the call fails (if at all) on the check under test, not on a missing body. */
export const bodyFor = (method: HTTPMethods) => (['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {});
