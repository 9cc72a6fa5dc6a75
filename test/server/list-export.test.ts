import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addUser } from './account-fixtures.ts';
import { exportStrategyFor, listRows, prepareList } from '../../server/lib/list/index.ts';
import type { ListDefinition } from '../../engine/core/screen-document.ts';

describe.each(databases)('GET /api/users/export.csv on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const exportCsv = (query: string) => injectAs(t.app, admin, { method: 'GET', url: `/api/users/export.csv?${query}` });
  const list = (query: string) => injectAs(t.app, admin, { method: 'GET', url: `/api/users?${query}` });
  const rowsOf = (text: string) => parse(text.replace(/^\uFEFF/, '')) as string[][];

  beforeAll(async () => {
    admin = await signIn(t.app);
    const people = Array.from({ length: 45 }, (_, i) => ({
      UserName: `user${String(i).padStart(2, '0')}`,
      FirstName: ['Ada', 'Kofi', 'Grace'][i % 3],
      LastName: `Last${String(i % 10).padStart(2, '0')}`,
      EmailAddress: `user${i}@example.org`,
      IsActive: i % 9 !== 4,
    }));
    await t.app.db('users').insert(people);
    await t.app.db('users').insert({ UserName: 'formula', FirstName: '=HYPERLINK("http://evil.example","x")', LastName: '+SUM(A1)', EmailAddress: '@cmd@example.org' });
  });

  it('is the same view as the list: its filters, its order, its visible columns with their labels as the header', async () => {
    const query = 'q=kofi&sorts=LastName,desc,EmailAddress,asc&cols=LastName,FirstName,UserName&includeInactive=true';
    const res = await exportCsv(query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true); // so spreadsheets read it as UTF-8
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual(['Last Name', 'First Name', 'User Name']);
    const listed = (await list(`${query}&pageSize=1000`)).json().Items as Array<Record<string, string>>;
    expect(rows).toEqual(listed.map((u) => [u.LastName, u.FirstName, u.UserName]));
    expect(rows).toHaveLength(15);
  });

  it('ignores paging: every row of the view, not one page', async () => {
    const res = await exportCsv('page=2&pageSize=10&cols=UserName');
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual(['User Name']);
    const active = (await list('pageSize=1000')).json().TotalCount as number;
    expect(rows).toHaveLength(active);
  });

  it('uses the default columns when none are named, and leaves inactive users out unless asked', async () => {
    const [header, ...rows] = rowsOf((await exportCsv('q=user04')).body);
    expect(header).toEqual(['Last Name', 'First Name', 'Email Address']);
    expect(rows).toHaveLength(0); // user04 is inactive
    expect(rowsOf((await exportCsv('q=user04&includeInactive=true')).body)).toHaveLength(2);
  });

  it('makes cells that a spreadsheet would run as formulas inert', async () => {
    const [, row] = rowsOf((await exportCsv('q=formula&cols=LastName,FirstName,EmailAddress')).body);
    expect(row).toEqual(["'+SUM(A1)", '\'=HYPERLINK("http://evil.example","x")', "'@cmd@example.org"]);
  });

  it('refuses what the list refuses, before any CSV is sent', async () => {
    const unsortable = await exportCsv('sorts=UserName,asc');
    expect(unsortable.statusCode).toBe(400);
    expect(unsortable.json()[0]).toMatchObject({ PropertyName: 'sorts', ErrorMessage: 'UserName is not a sortable column.' });
    expect((await exportCsv('cols=PasswordHash')).statusCode).toBe(400);
    expect((await exportCsv('cols=Delete')).json()[0].ErrorMessage).toBe('Delete is not a column of this list.'); // an action column holds no data
    expect((await t.app.inject({ method: 'GET', url: '/api/users/export.csv' })).statusCode).toBe(401);
  });

  it('reads in batches (keyset or cursor) that together are exactly the ordered rows, also past null sort keys and mixed directions', async () => {
    await t.app.db.schema.createTable('export_probe', (table) => {
      table.increments('probe_id');
      table.string('name');
      table.integer('rank');
    });
    const probes = Array.from({ length: 53 }, (_, i) => ({ Name: i % 4 === 0 ? null : `n${i % 7}`, Rank: i % 5 }));
    await t.app.db('export_probe').insert(probes);
    const probeList: ListDefinition = {
      columns: [
        { field: 'Name', label: 'Name', sortable: true },
        { field: 'Rank', label: 'Rank', sortable: true },
      ],
    };
    for (const sorts of ['Name,asc', 'Rank,desc,Name,asc', 'Name,desc,Rank,desc', 'Rank,asc', 'Rank,desc,Name,desc']) {
      const prepared = prepareList(t.app.db('export_probe'), probeList, { idField: 'ProbeId' }, { sorts });
      const whole = await prepared.filtered.clone().select('ProbeId').orderBy(prepared.keys.map((k) => ({ column: k.field, order: k.dir })));
      for (const strategy of ['keyset', 'cursor'] as const) {
        const batched: number[] = [];
        for await (const row of listRows(t.app.db, prepared, { batchSize: 6, strategy })) batched.push(row.ProbeId as number);
        expect(batched, `${strategy}: ${sorts}`).toEqual(whole.map((r: { ProbeId: number }) => r.ProbeId));
      }
    }
  });

  it('reads through a cursor on PostgreSQL and in keyset batches on PGlite, and gives the connection back when the reader stops early', async () => {
    expect(exportStrategyFor(t.app.db)).toBe(kind === 'postgres' ? 'cursor' : 'keyset');
    const prepared = prepareList(t.app.db('users'), { columns: [{ field: 'UserName', label: 'User Name', sortable: true }] }, { idField: 'UserId' }, { sorts: 'UserName,desc' });
    for (const strategy of ['keyset', 'cursor'] as const) {
      const rows = listRows(t.app.db, prepared, { batchSize: 5, strategy });
      expect((await rows.next()).done).toBe(false);
      await rows.return(undefined); // the client went away
    }
    // The one PGlite connection (and the cursor's transaction) is free again: another query runs.
    expect((await t.app.db('users').count({ n: '*' }))[0]).toBeTruthy();
  });

  it('refuses a user without the list module', async () => {
    await addUser(t.app, { UserName: 'nomodule', Password: 'NoModule123' });
    const plain = await signIn(t.app, 'nomodule', 'NoModule123');
    expect((await injectAs(t.app, plain, { method: 'GET', url: '/api/users/export.csv' })).statusCode).toBe(403);
  });

  // PGlite only: PostgreSQL serves the export and the list on separate connections.
  if (kind === 'pglite') it('lets other requests through between batches on PGlite\'s one connection', async () => {
    await t.app.db.raw(`insert into users (user_name, first_name, last_name, email_address)
      select 'bulk' || i, 'Bulk', 'Bulk' || (i % 977), 'bulk' || i || '@example.org' from generate_series(1, 30000) i`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const events: string[] = [];
    const exporting = fetch(`${base}/api/users/export.csv?sorts=FirstName,desc,LastName,asc`, { headers: admin.headers }).then(async (r) => {
      await r.text();
      events.push('export');
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the export is under way
    await fetch(`${base}/api/users?pageSize=5`, { headers: admin.headers }).then((r) => r.arrayBuffer());
    events.push('list');
    await exporting;
    expect(events).toEqual(['list', 'export']);
  });
});
