import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';

const routes = { method: 'GET' as const, url: '/api/App/GetRoutes' };

describe.each(databases)('a newer sign-in of the same user (session mode SINGLE, the default) on %s', (kind) => {
  const t = useTestApp(kind);

  it('ends the older session, which learns it was replaced', async () => {
    const first = await signIn(t.app);
    const second = await signIn(t.app);
    const res = await injectAs(t.app, first, routes);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{
      PropertyName: null, ErrorMessage: 'Your session has been terminated because you signed in from another browser.', ErrorCode: 'SessionReplaced',
    }]);
    expect((await injectAs(t.app, second, routes)).statusCode).toBe(200);
    expect((await injectAs(t.app, second, { method: 'GET', url: '/api/Session/Status' })).json().SessionMode).toBe('SINGLE');
  });
});

describe.each(databases)('a newer sign-in of the same user (session mode UNLIMITED) on %s', (kind) => {
  const t = useTestApp(kind, { sessionMode: 'UNLIMITED' });

  it('keeps both sessions', async () => {
    const first = await signIn(t.app);
    const second = await signIn(t.app);
    expect((await injectAs(t.app, first, routes)).statusCode).toBe(200);
    expect((await injectAs(t.app, second, routes)).statusCode).toBe(200);
  });
});
