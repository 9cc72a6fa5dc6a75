import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, adminPassword } from './helper.ts';
import { loginFailed } from '../../server/modules/auth/routes.ts';

describe.each(databases)('sign-in and sessions on %s', (kind) => {
  const t = useTestApp(kind);

  it('signs in the master administrator and returns the token in a header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'ADMIN', Password: adminPassword } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-token']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const body = res.json();
    expect(body.User).toMatchObject({ UserName: 'admin', IsMaster: true });
    expect(body.Session.SessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.MustChangePassword).toBe(false);
  });

  it('refuses a wrong password with the error item shape and no hint which part was wrong', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'admin', Password: 'nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'nobody', Password: 'nope' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual([{ PropertyName: null, ErrorMessage: loginFailed, ErrorCode: 'LoginFailed' }]);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates the body with the specification wording', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { Password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ PropertyName: 'UserName', ErrorMessage: 'User Name is required.', ErrorCode: 'required' }]);
  });

  it('refuses private calls without a session, and the session after logout', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/App/GetRoutes' })).statusCode).toBe(401);
    const who = await signIn(t.app);
    expect((await injectAs(t.app, who, { method: 'GET', url: '/api/App/GetRoutes' })).statusCode).toBe(200);
    expect((await injectAs(t.app, who, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    const after = await injectAs(t.app, who, { method: 'GET', url: '/api/App/GetRoutes' });
    expect(after.statusCode).toBe(401);
    expect(after.json()[0].ErrorMessage).toBe('Your authentication has expired. Please log in again.');
  });

  it('refuses a token whose Session-Id header names another session', async () => {
    const who = await signIn(t.app);
    const res = await injectAs(t.app, who, { method: 'GET', url: '/api/App/GetRoutes', headers: { 'session-id': '00000000-0000-0000-0000-000000000000' } });
    expect(res.statusCode).toBe(401);
  });

  it('gives the master administrator the route table of every screen', async () => {
    const who = await signIn(t.app);
    const routes = (await injectAs(t.app, who, { method: 'GET', url: '/api/App/GetRoutes' })).json();
    expect(routes).toEqual(expect.arrayContaining([
      expect.objectContaining({ Name: 'home', Url: '/home' }),
      expect.objectContaining({ Name: 'users.list', Url: '/user', ScreenId: 'users' }),
    ]));
  });

  it('names long list titles shortly for the navigation, keeping the title for the page', async () => {
    const who = await signIn(t.app);
    const routes = (await injectAs(t.app, who, { method: 'GET', url: '/api/App/GetRoutes' })).json() as Array<{ Name: string; Title: string; NavLabel?: string }>;
    expect(routes.find((r) => r.Name === 'appsettings.list')).toMatchObject({ Title: 'Application Configuration Settings Management', NavLabel: 'Application Settings' });
    expect(routes.find((r) => r.Name === 'appsettings.update')?.NavLabel).toBeUndefined();
    expect(routes.find((r) => r.Name === 'users.list')?.NavLabel).toBeUndefined();
  });
});
