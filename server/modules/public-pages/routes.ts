import type { FastifyInstance } from 'fastify';
import bulletinRoutes from './bulletin-routes.ts';
import scheduleRoutes from './schedule-routes.ts';

/**
 * The public pages of issue 32 (no sign-in), over the forms the product ships in metadata/forms. The contact page's
 * form is a public form (modules/public-forms, published by contact-publication.ts): it has no calls of its own here.
 */
export default async function publicPageRoutes(app: FastifyInstance) {
  await app.register(bulletinRoutes);
  await app.register(scheduleRoutes);
}
