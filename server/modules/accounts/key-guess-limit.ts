import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAttempt, forgetAttempt, buckets, requestsTooMany } from '../auth/rate-limit.ts';

/**
 * The public calls that trade an e-mailed key (sign-in link, activation, password link) answer whether a key is
 * good, so they could be used to guess keys: a client address may fail only as often as it may fail to sign in
 * (signInFailuresPerAddress per window), then 429. A call that succeeds is not counted.
 */
export async function limitKeyGuesses<T>(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, trade: () => Promise<T>): Promise<T> {
  const { signInFailuresPerAddress: max, rateLimitWindowSeconds: window } = app.config;
  const attempt = await recordAttempt(app.db, [{ bucket: buckets.keyAddress(request.ip), max }], window, requestsTooMany, reply);
  const result = await trade();
  await forgetAttempt(app.db, attempt);
  return result;
}
