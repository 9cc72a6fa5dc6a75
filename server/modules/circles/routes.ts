import type { FastifyInstance } from 'fastify';
import aggregateRoutes from './aggregate-routes.ts';
import atomicRoutes from './atomic-routes.ts';
import optionRoutes from './option-routes.ts';

/**
 * Circles (spec 3 "Aggregate circles", issue 30): the aggregate and atomic circles' screens and the calls of the
 * aggregate circle page, all under module AggregateCircleManagement but the signed-in user's own circles.
 */
export default async function circleRoutes(app: FastifyInstance) {
  await app.register(aggregateRoutes);
  await app.register(atomicRoutes);
  await app.register(optionRoutes);
}
