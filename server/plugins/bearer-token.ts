import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface TokenClaims { sid: string; iat: number }

const bearer = /^Bearer\s+(\S+)$/i;

/** Why a request's token does not hold: none sent (or malformed), expired, or any other fault (signature, algorithm). */
export type TokenFault = 'missing' | 'expired' | 'invalid';

/**
 * The claims of the request's bearer token, verified by the app's verifier (registered with a cache: a token seen
 * before is not verified again until it expires), or why not. Called on every request, so it goes straight to the
 * verifier instead of through request.jwtVerify, which decodes each token twice and merges its options per call.
 */
export function verifyBearer(app: FastifyInstance, request: FastifyRequest): TokenClaims | TokenFault {
  const header = request.headers.authorization;
  const token = typeof header === 'string' ? bearer.exec(header)?.[1] : undefined;
  if (!token) return 'missing';
  try {
    return app.jwt.verify<TokenClaims>(token);
  } catch (error) {
    return (error as { code?: string }).code === 'FAST_JWT_EXPIRED' ? 'expired' : 'invalid';
  }
}
