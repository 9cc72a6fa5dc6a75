import type { FastifyInstance } from 'fastify';
import pageRoutes from './page-routes.ts';
import pageFieldRoutes from './page-field-routes.ts';

/** Pages and page fields (spec 2 "Pages and page fields"). */
export default async function pagesModuleRoutes(app: FastifyInstance) {
  await app.register(pageRoutes);
  await app.register(pageFieldRoutes);
}
