import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const cookieName = 'metadmin_device';
const lifetimeSeconds = 180 * 24 * 3600;

export interface KnownDevices {
  /** The user whose successful sign-in in this browser set its cookie, when the cookie is genuine and not expired. */
  userOf(request: FastifyRequest): number | undefined;
  /** Marks this browser as one the user signed in from (a new sign-in of another user takes the mark over). */
  remember(reply: FastifyReply, userId: number): void;
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * The 'known device' mark: a cookie set at a successful password sign-in, holding the user id and an expiry signed with
 * a key derived from the server's secret. It only matters once an account has met its ceiling of failed sign-ins from
 * everywhere (a distributed guess): the owner's right password from a browser they signed in with before still goes
 * through. httpOnly (no script reads it), SameSite=Strict, sent only to the sign-in calls, Secure under https.
 */
export function knownDevices(secret: string, secure: boolean): KnownDevices {
  const key = createHmac('sha256', secret).update('metadmin known-device cookie').digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    userOf(request) {
      const [userId, expires, signature] = (cookieOf(request, cookieName) ?? '').split('.');
      if (!signature || !/^\d+$/.test(userId) || !/^\d+$/.test(expires)) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = signatureOf(`${userId}.${expires}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return Number(expires) * 1000 > Date.now() ? Number(userId) : undefined;
    },
    remember(reply, userId) {
      const payload = `${userId}.${Math.floor(Date.now() / 1000) + lifetimeSeconds}`;
      const value = `${payload}.${signatureOf(payload).toString('base64url')}`;
      reply.header('set-cookie', `${cookieName}=${value}; Path=/api/Authenticate; Max-Age=${lifetimeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`);
    },
  };
}
