import type { FastifyInstance } from 'fastify';
import { verifyOptionalSession } from './optional-session.ts';
import { recordAttempt, buckets, requestsTooMany } from '../auth/rate-limit.ts';

const text = (max: number) => ({ type: 'string', maxLength: max });
const entry = {
  type: 'object',
  additionalProperties: false,
  required: ['Type', 'Message'],
  properties: {
    Type: text(200), Message: text(8000), Source: text(2000), TargetModule: text(2000), TargetName: text(2000),
    StackTrace: text(16000), HelpLink: text(2000), Request: text(2000), RequestReferrer: text(2000),
  },
} as const;

interface Entry { Type: string; Message: string; Source?: string; TargetModule?: string; TargetName?: string; StackTrace?: string; HelpLink?: string; Request?: string; RequestReferrer?: string }

/**
 * The client error log: browsers send what went wrong (failed calls, caught exceptions), debounced, in
 * batches. Open to browsers without a session too (a failed sign-in page is worth hearing about), so
 * batches are small and bounded, and the signed-in user is recorded when there is one.
 */
export default async function errorLogRoutes(app: FastifyInstance) {
  app.post<{ Body: Entry[] }>('/api/ErrorLog/LogMany', {
    config: { access: 'public' },
    schema: {
      tags: ['app'],
      summary: 'Record client-side errors (at most 50 per call); without a session, 429 after too many calls from one address.',
      body: { type: 'array', maxItems: 50, items: entry },
      response: { 204: { type: 'null' } },
    },
  }, async (request, reply) => {
    const userId = await verifyOptionalSession(app, request);
    // Without a session nobody answers for the rows written: so many batches per client address, then 429.
    if (userId === null) {
      const { clientErrorBatchesPerAddress: max, rateLimitWindowSeconds: window } = app.config;
      await recordAttempt(app.db, [{ bucket: buckets.clientErrorAddress(request.ip), max }], window, requestsTooMany, reply);
    }
    if (request.body.length) {
      await app.db('client_errors').insert(request.body.map((e) => ({ ...e, UserId: userId, IpAddress: request.ip })));
    }
    request.log.warn({ count: request.body.length, userId, first: request.body[0]?.Message }, 'client errors reported');
    return reply.status(204).send();
  });
}
