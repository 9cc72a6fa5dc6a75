import type { FastifyInstance } from 'fastify';
import adminRoutes from './admin-routes.ts';
import visitorRoutes from './visitor-routes.ts';

/** A built form published to the public (issue 32): Form Management's settings, and the visitor's two calls. */
export default async function publicFormRoutes(app: FastifyInstance, options: { secret: string }) {
  await app.register(adminRoutes);
  await app.register(visitorRoutes, options);
}
