import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { runList, searchTooBroad } from '../../server/lib/list/run-list.ts';
import type { ListDefinition } from '../../engine/core/screen-document.ts';
import type { HttpError } from '../../server/lib/http-error.ts';

const list = { columns: [{ field: 'Name', label: 'Name', sortable: true, searchable: true }] } as unknown as ListDefinition;

describe.each(databases)('a search too slow to finish on %s', (kind) => {
  const t = useTestApp(kind);
  // Every row the search reads costs a sleep: 30 rows take 6 s on PostgreSQL (0.3 s on PGlite, which cannot cancel).
  const perRow = kind === 'postgres' ? 0.2 : 0.01;
  beforeAll(async () => {
    await t.app.db.raw('create table slow_things (slow_thing_id serial primary key, name text not null)');
    await t.app.db.raw("insert into slow_things (name) select 'thing ' || i from generate_series(1, 30) i");
  });
  const search = (q: string, searchTimeoutMs: number, sleep = perRow) =>
    runList<{ Name: string }>(t.app.db, t.app.db('slow_things').whereRaw('pg_sleep(?) is not null', [sleep]), list, { idField: 'SlowThingId' }, { q, pageSize: 50 }, { searchTimeoutMs });

  if (kind === 'postgres') {
    it('is stopped, PostgreSQL stops it too, and the user is asked to narrow it', async () => {
      const refused = (await search('thing', 300).then(() => null, (error: unknown) => error)) as HttpError | null;
      expect(refused?.statusCode).toBe(422);
      expect(refused?.items).toEqual([{ PropertyName: 'q', ErrorMessage: searchTooBroad, ErrorCode: 'SearchTooBroad' }]);
      // Cancelled, not left to run its 6 s: within 3 s no backend is still sleeping through it.
      const stillRunning = async () => Number((await t.app.db.raw("select count(*) as n from pg_stat_activity where state = 'active' and query like '%pg_sleep%' and pid <> pg_backend_pid()")).rows[0].N);
      const deadline = Date.now() + 3000;
      while ((await stillRunning()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await stillRunning()).toBe(0);
    });

    it('a list without a search is not bounded so (it has the statement timeout every query has)', async () => {
      const rows = await runList<{ Name: string }>(t.app.db, t.app.db('slow_things').whereRaw('pg_sleep(?) is not null', [0.02]), list, { idField: 'SlowThingId' }, { pageSize: 50 }, { searchTimeoutMs: 100 });
      expect(rows.Items).toHaveLength(30);
    });
  }

  it('a search that finishes in time answers as ever', async () => {
    // 30 rows of 10 ms: 0.3 s, within PostgreSQL's 5 s here; PGlite is given 100 ms and is not stopped.
    const found = await search('thing 7', kind === 'postgres' ? 5000 : 100, 0.01);
    expect(found.Items.map((r) => r.Name)).toEqual(['thing 7']);
  });
});
