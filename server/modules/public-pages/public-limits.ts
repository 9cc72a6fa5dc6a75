import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAttempt, requestsTooMany } from '../auth/rate-limit.ts';

/**
 * The bucket of the public pages' reads, per client address (counted in the database, so every process shares it). A
 * public form's sends, the contact form's included, are limited per address by the form's own Responses per hour.
 */
const readBucket = (ip: string) => `public:read:${ip}`;

/**
 * The onRequest hook of a public page's read: so many per address in the window, then 429. Counted before the request
 * is checked, so malformed calls count too.
 */
export const publicReadLimit = (app: FastifyInstance) => async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
  await recordAttempt(app.db, [{ bucket: readBucket(request.ip), max: app.config.publicReadsPerAddress }], app.config.rateLimitWindowSeconds, requestsTooMany, reply);
};
