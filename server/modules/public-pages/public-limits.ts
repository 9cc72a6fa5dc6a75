import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAttempt, requestsTooMany } from '../auth/rate-limit.ts';

/** Buckets of the public pages' calls, per client address (counted in the database, so every process shares them). */
const readBucket = (ip: string) => `public:read:${ip}`;
const postBucket = (ip: string) => `public:post:${ip}`;

/** A visitor's read of a public page's data: so many per address in the window, then 429. */
export async function countPublicRead(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await recordAttempt(app.db, [{ bucket: readBucket(request.ip), max: app.config.publicReadsPerAddress }], app.config.rateLimitWindowSeconds, requestsTooMany, reply);
}

/** A visitor's message: so many per address in the window, then 429 (each stored record and two e-mails are a cost). */
export async function countPublicPost(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await recordAttempt(app.db, [{ bucket: postBucket(request.ip), max: app.config.publicPostsPerAddress }], app.config.rateLimitWindowSeconds, requestsTooMany, reply);
}
