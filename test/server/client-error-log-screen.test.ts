import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { dateRangeMessage } from '../../server/modules/error-log/client-error-query.ts';

interface Row { ClientErrorId: number; Type: string; Message: string; UserName: string | null; StackTrace?: string }
interface MenuNode { LinkText: string; URL: string | null; Children: MenuNode[] }

const entry = (Type: string, Message: string, more: object = {}) => ({
  Type, Message, Source: 'ApiClient', TargetModule: '', TargetName: '/home', StackTrace: '', HelpLink: '', Request: '', RequestReferrer: 'http://localhost/home', ...more,
});

describe.each(databases)('the Client Error Log screen, on %s', (kind) => {
  const t = useTestApp(kind);
  const password = 'Helpdesk-2024';
  let admin: SignedIn;
  let helpdesk: SignedIn;
  let outsider: SignedIn;
  const get = (who: SignedIn, url: string) => injectAs(t.app, who, { method: 'GET', url });
  const items = async (who: SignedIn, query: string) => {
    const res = await get(who, `/api/client-errors?pageSize=50&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().Items as Row[]).map((r) => r.Message);
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    const role = await addRole(t.app, 'Error Readers');
    await grantModule(t.app, role, 'ClientErrorLog');
    await addUser(t.app, { UserName: 'helpdesk', Password: password, RoleIds: [role] });
    helpdesk = await signIn(t.app, 'helpdesk', password);
    await addUser(t.app, { UserName: 'outsider', Password: password });
    outsider = await signIn(t.app, 'outsider', password);
    // Three batches, in order: the administrator's, the help desk's, and one without a session.
    const log = (payload: object[], who?: SignedIn) => (who
      ? injectAs(t.app, who, { method: 'POST', url: '/api/ErrorLog/LogMany', payload })
      : t.app.inject({ method: 'POST', url: '/api/ErrorLog/LogMany', payload }));
    expect((await log([entry('Client Caught Exception', 'x is undefined', { Source: 'window', StackTrace: 'TypeError: x is undefined\n    at onClick (app.js:1:2)' })], admin)).statusCode).toBe(204);
    expect((await log([entry('Client HTTP Error 500', 'API Call failed with status code 500', { Request: 'GET /api/users' }), entry('Client HTTP Error 404', 'Not here')], helpdesk)).statusCode).toBe(204);
    expect((await log([entry('Client Logged Error', 'Grid refused its metadata', { Source: 'grid' })])).statusCode).toBe(204);
  });

  it('lists entries newest first with the reporting user, without stack traces', async () => {
    const res = await get(helpdesk, '/api/client-errors');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().Items as Row[];
    expect(rows.map((r) => r.Message)).toEqual(['Grid refused its metadata', 'Not here', 'API Call failed with status code 500', 'x is undefined']);
    expect(rows.map((r) => r.UserName)).toEqual([null, 'helpdesk', 'helpdesk', 'admin']);
    expect(rows.every((r) => !('StackTrace' in r))).toBe(true);
  });

  it('searches across type, message, source and user', async () => {
    expect(await items(helpdesk, 'q=undefined')).toEqual(['x is undefined']);
    expect(await items(helpdesk, 'q=http%20error%2040')).toEqual(['Not here']);
    expect(await items(helpdesk, 'q=grid')).toEqual(['Grid refused its metadata']);
    expect(await items(helpdesk, 'q=helpdesk')).toEqual(['Not here', 'API Call failed with status code 500']);
    expect(await items(helpdesk, 'q=nothing-like-this')).toEqual([]);
  });

  it('filters by kind, the HTTP errors of every status together, and by period', async () => {
    expect(await items(helpdesk, `type=${encodeURIComponent('Client HTTP Error')}`)).toEqual(['Not here', 'API Call failed with status code 500']);
    expect(await items(helpdesk, `type=${encodeURIComponent('Client Caught Exception')}`)).toEqual(['x is undefined']);
    expect(await items(helpdesk, `type=${encodeURIComponent('Client Logged Error')}&q=grid`)).toEqual(['Grid refused its metadata']);
    expect((await get(helpdesk, '/api/client-errors?type=Other')).statusCode).toBe(400);

    // Move the administrator's entry two days back: a period of the last day leaves it out, one before keeps only it.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.app.db('client_errors').where({ Message: 'x is undefined' }).update({ CreatedDate: twoDaysAgo });
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(await items(helpdesk, `from=${dayAgo}&to=${tomorrow}`)).not.toContain('x is undefined');
    expect(await items(helpdesk, `from=${dayAgo}`)).toHaveLength(3);
    expect(await items(helpdesk, `to=${dayAgo}`)).toEqual(['x is undefined']);
    const backwards = await get(helpdesk, `/api/client-errors?from=${tomorrow}&to=${dayAgo}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()[0]).toMatchObject({ ErrorMessage: dateRangeMessage, PropertyName: 'from' });
    expect((await get(helpdesk, '/api/client-errors?from=yesterday')).statusCode).toBe(400);
    const csv = await get(helpdesk, `/api/client-errors/export.csv?type=${encodeURIComponent('Client HTTP Error')}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Not here');
    expect(csv.body).not.toContain('x is undefined');
  });

  it('reads one entry with its stack trace, user, address, request and referrer; 404 for none', async () => {
    const [row] = (await get(helpdesk, '/api/client-errors?q=undefined')).json().Items as Row[];
    const read = await get(helpdesk, `/api/client-errors/${row.ClientErrorId}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      Type: 'Client Caught Exception', Message: 'x is undefined', Source: 'window', UserId: 1, UserName: 'admin',
      IpAddress: '127.0.0.1', RequestReferrer: 'http://localhost/home', StackTrace: 'TypeError: x is undefined\n    at onClick (app.js:1:2)',
    });
    const none = await get(helpdesk, '/api/client-errors/999999');
    expect(none.statusCode).toBe(404);
    expect(none.json()[0].ErrorMessage).toBe('There is no entry with this id in the client error log.');
  });

  it('answers 403 to a user without the module, on every call, and offers them no route and no usable menu entry', async () => {
    const [row] = (await get(admin, '/api/client-errors')).json().Items as Row[];
    for (const url of ['/api/client-errors', '/api/client-errors/export.csv', `/api/client-errors/${row.ClientErrorId}`, '/api/metadata/screens/clienterrorlog']) {
      expect((await get(outsider, url)).statusCode, url).toBe(403);
    }
    const routes = (who: SignedIn) => get(who, '/api/App/GetRoutes').then((res) => res.json().map((e: { Name: string }) => e.Name));
    expect(await routes(outsider)).not.toContain('clienterrorlog.list');
    expect(await routes(helpdesk)).toEqual(expect.arrayContaining(['clienterrorlog.list', 'clienterrorlog.read']));
    const linksOf = async (who: SignedIn) => {
      const walk = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...walk(n.Children)]);
      return walk((await get(who, '/api/menu/all')).json() as MenuNode[]);
    };
    // The menu draws what one may not open greyed (spec 2): the entry is there, not usable.
    expect((await linksOf(outsider)).find((n) => n.URL === '/clienterrorlog')).toMatchObject({ HasAccess: false });
    expect((await linksOf(helpdesk)).find((n) => n.URL === '/clienterrorlog')).toMatchObject({ HasAccess: true });
    // The administrator finds it in the Administration group, just after the Mail Outbox.
    const group = ((await get(admin, '/api/menu/all')).json() as MenuNode[]).find((n) => n.LinkText === 'Administration')!.Children;
    const names = group.map((n) => n.LinkText);
    expect(names.indexOf('Client Error Log')).toBe(names.indexOf('Mail Outbox') + 1);
    expect(group.find((n) => n.LinkText === 'Client Error Log')!.URL).toBe('/clienterrorlog');
  });
});
