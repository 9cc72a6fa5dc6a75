import type { FastifyInstance } from 'fastify';
import bulletinRoutes from './bulletin-routes.ts';
import contactRoutes from './contact-routes.ts';
import scheduleRoutes from './schedule-routes.ts';

/** The public pages of issue 32 (no sign-in), over the forms the product ships in metadata/forms. */
export default async function publicPageRoutes(app: FastifyInstance) {
  await app.register(bulletinRoutes);
  await app.register(contactRoutes);
  await app.register(scheduleRoutes);
}
