import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkSession } from '../sessions/session-store.ts';
import { verifyBearer } from '../../plugins/bearer-token.ts';

/** The user behind a public call when it carries a live session's token; null otherwise (never an error). */
export async function verifyOptionalSession(app: FastifyInstance, request: FastifyRequest): Promise<number | null> {
  const claims = verifyBearer(app, request);
  if (typeof claims === 'string') return null;
  try {
    const check = await checkSession(app.db, claims.sid, app.config.sessionIdleSeconds);
    return 'live' in check ? check.live.UserId : null;
  } catch {
    return null;
  }
}
