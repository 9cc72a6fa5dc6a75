import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { exactCountLimit } from '../../server/lib/list/count.ts';

interface Page { Items: Array<{ UserId: number }>; TotalCount: number; TotalCountIsEstimate: boolean; Cursors: { First: string; Last: string } }

describe.each(databases)('First / Previous / Next / Last walk the order by cursor on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const get = async (query: string): Promise<Page> => {
    const res = await injectAs(t.app, admin, { method: 'GET', url: `/api/users?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ids = (p: Page) => p.Items.map((u) => u.UserId);

  beforeAll(async () => {
    admin = await signIn(t.app);
    // 47 users whose first names repeat, so the id has to break ties for the order to be total.
    await t.app.db('users').insert(Array.from({ length: 47 }, (_, i) => ({
      UserName: `walker${i}`, FirstName: ['Ama', 'Kwame', 'Efua'][i % 3], LastName: `Mensah${i % 5}`, EmailAddress: `w${i}@example.org`,
    })));
  });

  for (const sorts of ['LastName,asc', 'FirstName,desc', 'FirstName,asc,LastName,desc', 'LastName,desc,EmailAddress,asc']) {
    it(`visits every row once, forwards and backwards, sorted by ${sorts}`, async () => {
      const all = ids(await get(`pageSize=1000&sorts=${sorts}`));
      expect(all).toHaveLength(48);
      const forwards: number[] = [];
      let page = await get(`pageSize=10&sorts=${sorts}`);
      forwards.push(...ids(page));
      while (forwards.length < page.TotalCount) {
        page = await get(`pageSize=10&sorts=${sorts}&after=${page.Cursors.Last}`);
        forwards.push(...ids(page));
      }
      expect(forwards).toEqual(all);

      page = await get(`pageSize=10&sorts=${sorts}&last=true`);
      expect(ids(page)).toEqual(all.slice(40)); // the last page holds the 8 left over, as page 5 of 5
      const backwards = [...ids(page)];
      while (backwards.length < all.length) {
        page = await get(`pageSize=10&sorts=${sorts}&before=${page.Cursors.First}`);
        expect(page.Items).toHaveLength(10);
        backwards.unshift(...ids(page));
      }
      expect(backwards).toEqual(all);
    });
  }

  it('answers a page number without a cursor (a pasted URL) with the same rows', async () => {
    const all = ids(await get('pageSize=1000'));
    expect(ids(await get('pageSize=10&page=3'))).toEqual(all.slice(20, 30));
  });

  it('ignores a cursor made for another order and falls back to the page number', async () => {
    const first = await get('pageSize=10&sorts=LastName,asc');
    const all = ids(await get('pageSize=1000&sorts=FirstName,asc'));
    expect(ids(await get(`pageSize=10&page=2&sorts=FirstName,asc&after=${first.Cursors.Last}`))).toEqual(all.slice(10, 20));
  });

  it('refuses a cursor that is not one', async () => {
    const res = await injectAs(t.app, admin, { method: 'GET', url: '/api/users?after=not-a-cursor' });
    expect(res.statusCode).toBe(400);
    expect(res.json()[0]).toMatchObject({ PropertyName: 'after', ErrorCode: 'InvalidCursor' });
  });

  it('counts a first page that shows every row by the page itself, with no count query; a full page, or a later one, is counted', async () => {
    const statements: string[] = [];
    const listen = (q: { sql: string }) => statements.push(q.sql);
    const countQueries = () => statements.filter((sql) => /count\(\*\)/i.test(sql)).length;
    t.app.db.on('query', listen);
    try {
      // 'walker1' matches walker1 and walker10 to walker19: 11 users.
      expect(await get('pageSize=20&q=walker1')).toMatchObject({ TotalCount: 11, TotalCountIsEstimate: false });
      expect(countQueries()).toBe(0);
      expect((await get('pageSize=1000')).TotalCount).toBe(48);
      expect(countQueries()).toBe(0);
      const full = await get('pageSize=10&q=walker1');
      expect(full).toMatchObject({ TotalCount: 11, TotalCountIsEstimate: false });
      expect(full.Items).toHaveLength(10);
      expect(countQueries()).toBe(1);
      // Page 2 holds the one left over: not all rows, so it is counted.
      expect(await get('pageSize=10&page=2&q=walker1')).toMatchObject({ TotalCount: 11 });
      expect(countQueries()).toBe(2);
    } finally {
      t.app.db.removeListener('query', listen);
    }
  });

  it(`counts exactly up to ${exactCountLimit} rows and marks a larger count as an estimate`, async () => {
    expect(await get('pageSize=1')).toMatchObject({ TotalCount: 48, TotalCountIsEstimate: false });
    await t.app.db.raw(`insert into users (user_name, first_name, last_name, email_address)
      select 'bulk' || i, 'Bulk', 'Row' || i, 'bulk' || i || '@example.org' from generate_series(1, ${exactCountLimit}) i`);
    await t.app.db.raw('analyze users');
    const big = await get('pageSize=1');
    expect(big.TotalCountIsEstimate).toBe(true);
    expect(big.TotalCount).toBeGreaterThan(exactCountLimit);
    expect(await get('pageSize=1&q=walker1')).toMatchObject({ TotalCount: 11, TotalCountIsEstimate: false });
  });
});
