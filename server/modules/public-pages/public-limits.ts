import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAttempt, requestsTooMany } from '../auth/rate-limit.ts';

/** Buckets of the public pages' calls, per client address (counted in the database, so every process shares them). */
const readBucket = (ip: string) => `public:read:${ip}`;
const postBucket = (ip: string) => `public:post:${ip}`;

/**
 * The onRequest hook of a public page's read: so many per address in the window, then 429. Counted before the request
 * is checked, so malformed calls count too.
 */
export const publicReadLimit = (app: FastifyInstance) => async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
  await recordAttempt(app.db, [{ bucket: readBucket(request.ip), max: app.config.publicReadsPerAddress }], app.config.rateLimitWindowSeconds, requestsTooMany, reply);
};

/** The onRequest hook of a visitor's message: so many per address in the window, then 429 (a stored record and two e-mails each). */
export const publicPostLimit = (app: FastifyInstance) => async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
  await recordAttempt(app.db, [{ bucket: postBucket(request.ip), max: app.config.publicPostsPerAddress }], app.config.rateLimitWindowSeconds, requestsTooMany, reply);
};
