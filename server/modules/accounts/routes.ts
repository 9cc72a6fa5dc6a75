import type { FastifyInstance } from 'fastify';
import activationRoutes from './activation-routes.ts';
import passwordRoutes from './password-routes.ts';
import recoveryRoutes from './recovery-routes.ts';

/** The account lifecycle (spec 1 sections 2, 7 and 8): activation, password and user-name recovery, new codes. */
export default async function accountRoutes(app: FastifyInstance) {
  await app.register(activationRoutes);
  await app.register(passwordRoutes);
  await app.register(recoveryRoutes);
}
