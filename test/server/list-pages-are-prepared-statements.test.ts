import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';

interface Statement { sql: string; name?: string }

describe.each(databases)('A list page runs as a prepared statement, planned once per connection, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let statements: Statement[] = [];
  // The users are read as a derived table that names each one's owner circle as the grid's AtomicCircleId.
  const pageStatements = () => statements.filter((s) => /^select .* from \(select users\.\*/.test(s.sql) && !/count\(|explain/.test(s.sql));
  const get = async (query: string) => {
    statements = [];
    const res = await injectAs(t.app, admin, { method: 'GET', url: `/api/users?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { Items: Array<{ UserId: number }>; Cursors: { Last: string } };
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    await t.app.db('users').insert(Array.from({ length: 30 }, (_, i) => ({ UserName: `prep${i}`, FirstName: 'Prep', LastName: `Walker${i % 4}`, EmailAddress: `prep${i}@example.org` })));
    t.app.db.on('query', (q: { sql: string; options?: { name?: string } }) => statements.push({ sql: q.sql, name: q.options?.name }));
  });

  it('gives the pages of one order the same statement name, whatever the cursor values, and another order another name', async () => {
    const first = await get('pageSize=10');
    const [firstPage] = pageStatements();
    expect(firstPage.name).toMatch(/^list-/);
    const second = await get(`pageSize=10&after=${first.Cursors.Last}`);
    const third = await get(`pageSize=10&after=${second.Cursors.Last}`);
    expect(third.Items.map((u) => u.UserId)).not.toEqual(second.Items.map((u) => u.UserId));
    const [thirdPage] = pageStatements();
    await get(`pageSize=10&after=${first.Cursors.Last}`);
    const [secondPage] = pageStatements();
    expect(thirdPage.name).toBe(secondPage.name);
    expect(secondPage.name).not.toBe(firstPage.name);
    await get('pageSize=10&sorts=FirstName,desc');
    expect(pageStatements()[0].name).not.toBe(firstPage.name);
  });

  it('plans a contains-search for its term each time: a rare term and a common one want different plans', async () => {
    await get('pageSize=10&q=prep1');
    expect(pageStatements()).toHaveLength(1);
    expect(pageStatements()[0].name).toBeUndefined();
  });
});
