import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAttempt, buckets, requestsTooMany, type Limit } from '../auth/rate-limit.ts';

/**
 * Calls whose answer tells whether an account exists (the uniqueness checks, a user name change, registration's
 * duplicate check, the recovery and sign-in-link calls) may be made accountLookupsPerWindow times per client address,
 * and as many per signed-in user, within the window; then 429, so nobody can list the accounts by asking name after name.
 */
export async function limitAccountLookups(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { accountLookupsPerWindow: max, rateLimitWindowSeconds: window } = app.config;
  const limits: Limit[] = [{ bucket: buckets.lookupAddress(request.ip), max }];
  if (request.principal) limits.push({ bucket: buckets.lookupUser(request.principal.UserId), max });
  await recordAttempt(app.db, limits, window, requestsTooMany, reply);
}
