import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { checkSession, touchSession } from '../modules/sessions/session-store.ts';
import { sessionEndedError, sessionMessages } from '../modules/sessions/end-reasons.ts';
import { terminatesAtHeader } from '../modules/sessions/route-config.ts';
import type { Access } from '../types.ts';
import { viewAsHeader, viewedAs } from '../modules/access/view-as.ts';
import { verifyBearer } from './bearer-token.ts';

/** Tokens are short-lived; a request with one older than this gets a fresh one in the response header. */
export const tokenLifetimeSeconds = 30 * 60;
const refreshAfterSeconds = 5 * 60;
export const refreshedTokenHeader = 'x-auth-token';

export const messages = {
  noSession: sessionMessages.noSession,
  tokenExpired: 'Security token has expired. Please log in.',
  noAccess: "You don't have permission to this page.",
  mustChangePassword: 'You must change your password before you can continue.',
};

function describeAccess(access: Access): string {
  if (typeof access === 'string') return access;
  if ('resolve' in access) return access.describe;
  return `module ${access.module}${access.route ? ` and its route ${access.route}` : ''}`;
}

/**
 * Deny by default: every /api route declares `config.access`, checked here on every request against the
 * session row (so an ended, terminated or idle session is refused on its next request, on any server process;
 * the 401's ErrorCode tells the client why, see sessions/end-reasons.ts).
 */
export default fp(async function accessControl(app, options: { secret: string }) {
  // The verifier keeps what it verified (up to 1,000 tokens, each until it expires): a request then costs no HMAC.
  await app.register(jwt, { secret: options.secret, sign: { expiresIn: tokenLifetimeSeconds }, verify: { cache: true } });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} declares no access (config.access)`);
    const detail = describeAccess(access);
    route.schema = { ...route.schema, description: [route.schema?.description, `Access: ${detail}.`].filter(Boolean).join(' ') };
    if (access === 'public') route.schema.security = [];
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const declared = request.routeOptions.config?.access;
    if (!declared || declared === 'public') return;
    const access = typeof declared === 'object' && 'resolve' in declared ? declared.resolve(request) : declared;
    const claims = verifyBearer(app, request);
    // An expired token is told apart, so the client can say so (spec 1 section 8).
    if (claims === 'expired') throw HttpError.of(401, messages.tokenExpired, null, 'TokenExpired');
    if (typeof claims === 'string') throw HttpError.of(401, messages.noSession);
    const moduleName = typeof access === 'object' ? access.module : undefined;
    const pageId = typeof access === 'object' ? access.pageId : undefined;
    const routeName = typeof access === 'object' ? access.route : undefined;
    const check = await checkSession(app.db, claims.sid, app.config.sessionIdleSeconds, moduleName, pageId, routeName);
    if ('ended' in check) throw sessionEndedError(check.ended);
    const session = check.live;
    const headerSession = request.headers['session-id'];
    if (typeof headerSession === 'string' && headerSession !== session.SessionId) throw HttpError.of(401, messages.noSession);
    request.principal = session;
    // The lock of spec 1 section 4 holds on the server too: until the password is changed, only the calls that
    // change it, read the user and the session, and sign out answer.
    if (check.mustChangePassword && !request.routeOptions.config?.whilePasswordMustChange) {
      throw HttpError.of(403, messages.mustChangePassword, null, 'MustChangePassword');
    }
    if (!check.access.holdsModule || !check.access.holdsRoute) throw HttpError.of(403, messages.noAccess);
    const viewAs = request.headers[viewAsHeader];
    if (typeof viewAs === 'string' && (moduleName || request.routeOptions.config?.followsViewAs)) {
      const reading = request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config?.onlyReads === true;
      request.principal = await viewedAs(app.db, session, viewAs, reading, moduleName ?? null, routeName);
    }
    if (request.routeOptions.config?.keepsAlive !== false) {
      await touchSession(app.db, session.SessionId, session.LastSeen, app.config.sessionIdleSeconds);
    }
    if (session.TerminatesAt) reply.header(terminatesAtHeader, new Date(session.TerminatesAt).toISOString());
    if (Date.now() / 1000 - claims.iat > refreshAfterSeconds) {
      reply.header(refreshedTokenHeader, await reply.jwtSign({ sid: session.SessionId }));
    }
  });
});
