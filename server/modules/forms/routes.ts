import type { FastifyInstance } from 'fastify';
import formRoutes from './form-routes.ts';
import fieldRoutes from './field-routes.ts';
import recordRoutes from './record-routes.ts';
import formActionRoutes from './form-action-routes.ts';
import recordReportRoutes from './record-report-routes.ts';

/** The low-code core's calls: Form Management, form fields, and the records of the forms administrators build. */
export default async function lowCodeRoutes(app: FastifyInstance) {
  await app.register(formRoutes);
  await app.register(fieldRoutes);
  await app.register(recordRoutes);
  await app.register(formActionRoutes);
  await app.register(recordReportRoutes);
}
