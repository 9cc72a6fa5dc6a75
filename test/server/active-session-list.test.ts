import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { addUser } from './account-fixtures.ts';

describe.each(databases)('the list of active sessions on %s', (kind) => {
  const t = useTestApp(kind);

  it('pages, sorts and searches live sessions, leaving out ended ones', async () => {
    for (const name of ['ann', 'bob', 'cyd']) await addUser(t.app, { UserName: name, Password: 'Listing123' });
    const ann = await signIn(t.app, 'ann', 'Listing123');
    await signIn(t.app, 'bob', 'Listing123');
    await signIn(t.app, 'cyd', 'Listing123');
    await injectAs(t.app, ann, { method: 'POST', url: '/api/logout' });
    const admin = await signIn(t.app);
    const list = (query: string) => injectAs(t.app, admin, { method: 'GET', url: `/api/Session/Active?${query}` });

    const all = (await list('sorts=UserName,asc')).json();
    expect(all.TotalCount).toBe(3);
    expect(all.Items.map((i: { UserName: string }) => i.UserName)).toEqual(['admin', 'bob', 'cyd']);
    expect(all.Items[1]).toMatchObject({ FullName: 'Firstbob Lastbob', IpAddress: '127.0.0.1' });
    expect(Date.parse(all.Items[1].StartTime)).not.toBeNaN();

    const page = (await list('pageSize=2&page=2&sorts=UserName,asc')).json();
    expect(page.Items.map((i: { UserName: string }) => i.UserName)).toEqual(['cyd']);
    expect((await list('q=lastcyd')).json().Items.map((i: { UserName: string }) => i.UserName)).toEqual(['cyd']);
    expect((await list('')).json().Items[0].UserName).toBe('admin');
    expect((await list('sorts=UserAgent,asc')).statusCode).toBe(400);
  });
});
