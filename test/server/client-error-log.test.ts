import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';

const entry = { Type: 'Client HTTP Error 500', Message: 'API Call failed with status code 500', Source: '/user', TargetModule: 'users', TargetName: 'list', StackTrace: '', HelpLink: '', Request: 'GET /api/users', RequestReferrer: '/home' };

describe.each(databases)('the client error log on %s', (kind) => {
  const t = useTestApp(kind);

  it('records a batch, with the signed-in user when there is one', async () => {
    const who = await signIn(t.app);
    const res = await injectAs(t.app, who, { method: 'POST', url: '/api/ErrorLog/LogMany', payload: [entry, { ...entry, Type: 'Client Caught Exception', Message: 'x is undefined' }] });
    expect(res.statusCode).toBe(204);
    const rows = await t.app.db('client_errors').orderBy('ClientErrorId').select('Type', 'Message', 'UserId');
    expect(rows).toEqual([
      { Type: 'Client HTTP Error 500', Message: 'API Call failed with status code 500', UserId: 1 },
      { Type: 'Client Caught Exception', Message: 'x is undefined', UserId: 1 },
    ]);
  });

  it('accepts reports without a session, and refuses oversized batches', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/ErrorLog/LogMany', payload: [entry] })).statusCode).toBe(204);
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/ErrorLog/LogMany', payload: Array(51).fill(entry) });
    expect(tooMany.statusCode).toBe(400);
    const tooLong = await t.app.inject({ method: 'POST', url: '/api/ErrorLog/LogMany', payload: [{ ...entry, Message: 'x'.repeat(8001) }] });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('an expired token', () => {
  const t = useTestApp('pglite');

  it("is answered with 'Security token has expired. Please log in.' and its own code", async () => {
    const who = await signIn(t.app);
    const expired = t.app.jwt.sign({ sid: who.sessionId }, { expiresIn: -10 });
    const res = await t.app.inject({ url: '/api/App/GetRoutes', headers: { authorization: `Bearer ${expired}`, 'session-id': who.sessionId } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: 'Security token has expired. Please log in.', ErrorCode: 'TokenExpired' }]);
  });
});
