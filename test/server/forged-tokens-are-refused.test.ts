import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneDatabase, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addUser } from './account-fixtures.ts';
import { apiRoutes, bodyFor, type ApiRoute } from './api-routes.ts';
import { sessionMessages } from '../../server/modules/sessions/end-reasons.ts';
import { messages } from '../../server/plugins/access.ts';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token made by hand, as an attacker would: any header, any claims, signed with any secret (or none). */
function craftToken(header: object, claims: object, secret: string | null): string {
  const unsigned = `${b64(header)}.${b64(claims)}`;
  const signature = secret === null ? '' : createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

const now = () => Math.floor(Date.now() / 1000);

describe.each(oneDatabase)('forged and dead tokens on every authenticated route, on %s', (kind) => {
  const t = useTestApp(kind, { sessionMode: 'UNLIMITED' });
  let routes: ApiRoute[];
  let admin: SignedIn;
  beforeAll(async () => {
    routes = (await apiRoutes(t.app)).filter((r) => !r.isPublic);
    admin = await signIn(t.app);
  });

  /** Calls every authenticated route with these headers; lists the routes whose answer is not exactly `expected`. */
  async function routesNotRefusing(headers: Record<string, string>, expected: object) {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await t.app.inject({ method: route.method, url: route.url, headers, ...bodyFor(route.method) });
      const body = res.statusCode === 401 ? res.json() : res.body.slice(0, 100);
      if (res.statusCode !== 401 || JSON.stringify(body) !== JSON.stringify([expected])) wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${JSON.stringify(body)}`);
    }
    return wrong;
  }
  const bearer = (token: string, sessionId: string) => ({ authorization: `Bearer ${token}`, 'session-id': sessionId });
  const noSession = { PropertyName: null, ErrorMessage: sessionMessages.noSession, ErrorCode: 401 };
  const hs256 = { alg: 'HS256', typ: 'JWT' };

  it('walks every kind of authenticated route (session-only, module, module route node, resolved per request)', () => {
    expect(routes.length).toBeGreaterThan(60);
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['GET /api/Session/Status', 'GET /api/users', 'POST /api/users', 'GET /api/forms/1/records', 'POST /api/files/upload']));
  });

  it('a valid token is let through (the checks below fail only for the forgery)', async () => {
    const valid = craftToken(hs256, { sid: admin.sessionId, iat: now() }, t.config.jwtSecret!);
    expect((await t.app.inject({ url: '/api/Session/Status', headers: bearer(valid, admin.sessionId) })).statusCode).toBe(200);
  });

  it('refuses a token signed with another secret', async () => {
    const forged = craftToken(hs256, { sid: admin.sessionId, iat: now() }, 'not-the-server-secret-not-the-server-secret');
    expect(await routesNotRefusing(bearer(forged, admin.sessionId), noSession)).toEqual([]);
  });

  it("refuses an unsigned token (alg 'none'), in any spelling", async () => {
    for (const alg of ['none', 'None', 'NONE']) {
      const unsigned = craftToken({ alg, typ: 'JWT' }, { sid: admin.sessionId, iat: now() }, null);
      expect(await routesNotRefusing(bearer(unsigned, admin.sessionId), noSession), alg).toEqual([]);
    }
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [header, , signature] = admin.token.split('.');
    const other = await signIn(t.app);
    const tampered = `${header}.${b64({ sid: other.sessionId, iat: now() })}.${signature}`;
    expect(await routesNotRefusing(bearer(tampered, other.sessionId), noSession)).toEqual([]);
  });

  it('refuses an expired token, saying it expired', async () => {
    const expired = craftToken(hs256, { sid: admin.sessionId, iat: now() - 3600, exp: now() - 60 }, t.config.jwtSecret!);
    expect(await routesNotRefusing(bearer(expired, admin.sessionId), { PropertyName: null, ErrorMessage: messages.tokenExpired, ErrorCode: 'TokenExpired' })).toEqual([]);
  });

  it('refuses a correctly signed token for a session that never existed', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    const token = craftToken(hs256, { sid: ghost, iat: now() }, t.config.jwtSecret!);
    expect(await routesNotRefusing(bearer(token, ghost), noSession)).toEqual([]);
  });

  it("refuses a token for a terminated session, saying so", async () => {
    await addUser(t.app, { UserName: 'terminated', Password: 'Termin4ted' });
    const who = await signIn(t.app, 'terminated', 'Termin4ted');
    const ended = await injectAs(t.app, admin, { method: 'POST', url: '/api/Session/Terminate', payload: { Session: { SessionId: who.sessionId } } });
    expect(ended.statusCode).toBe(204);
    expect(await routesNotRefusing(who.headers, { PropertyName: null, ErrorMessage: sessionMessages.terminated, ErrorCode: 'SessionTerminated' })).toEqual([]);
  });

  it('refuses a token for a session idle past the timeout, saying so', async () => {
    const who = await signIn(t.app);
    // As if its last request were an hour ago: the idle timeout is 20 minutes.
    await t.app.db('sessions').where({ SessionId: who.sessionId }).update({ LastSeen: new Date(Date.now() - 3600_000) });
    expect(await routesNotRefusing(who.headers, { PropertyName: null, ErrorMessage: sessionMessages.timeout, ErrorCode: 'SessionTimedOut' })).toEqual([]);
  });

  it('refuses a token for a session signed out of', async () => {
    const who = await signIn(t.app);
    const out = await injectAs(t.app, who, { method: 'POST', url: '/api/logout' });
    expect(out.statusCode).toBeLessThan(300);
    expect(await routesNotRefusing(who.headers, { PropertyName: null, ErrorMessage: sessionMessages.noSession, ErrorCode: 'SessionLoggedOut' })).toEqual([]);
  });

  it("refuses a live session's token sent with another session's id", async () => {
    const other = await signIn(t.app);
    expect(await routesNotRefusing({ authorization: `Bearer ${admin.token}`, 'session-id': other.sessionId }, noSession)).toEqual([]);
  });
});
