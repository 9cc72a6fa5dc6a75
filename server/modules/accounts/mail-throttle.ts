import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { recordAttempt, buckets, requestsTooMany } from '../auth/rate-limit.ts';

/**
 * Account-mail calls are public, so each client address may make only so many per window (429, it tells
 * nothing about accounts). Every call counts, whether or not mail goes out.
 */
export async function limitMailRequests(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { mailRequestsPerAddress: max, rateLimitWindowSeconds: window } = app.config;
  await recordAttempt(app.db, [{ bucket: buckets.mailAddress(request.ip), max }], window, requestsTooMany, reply);
}

/**
 * Whether one more mail may go to this account now. Beyond the limit the mail is silently skipped (a 429
 * here would tell that the account exists), so nobody can flood a mailbox from many addresses.
 */
export async function accountMailAllowed(app: FastifyInstance, account: string | number): Promise<boolean> {
  const { mailRequestsPerAddress: max, rateLimitWindowSeconds: window } = app.config;
  try {
    await recordAttempt(app.db, [{ bucket: buckets.mailAccount(account), max }], window, requestsTooMany);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) return false;
    throw error;
  }
}
