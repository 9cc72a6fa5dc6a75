import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkSession } from '../sessions/session-store.ts';
import { verifyBearer } from '../../plugins/bearer-token.ts';

/** The live session behind a public call when it carries one's token; null otherwise (never an error). */
export async function optionalLiveSession(app: FastifyInstance, request: FastifyRequest): Promise<{ UserId: number; SessionId: string } | null> {
  const claims = verifyBearer(app, request);
  if (typeof claims === 'string') return null;
  try {
    const check = await checkSession(app.db, claims.sid, app.config.sessionIdleSeconds);
    return 'live' in check ? { UserId: check.live.UserId, SessionId: check.live.SessionId } : null;
  } catch {
    return null;
  }
}

/** The user behind a public call when it carries a live session's token; null otherwise (never an error). */
export async function verifyOptionalSession(app: FastifyInstance, request: FastifyRequest): Promise<number | null> {
  return (await optionalLiveSession(app, request))?.UserId ?? null;
}
