import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { runList } from '../../server/lib/list/index.ts';
import type { ListDefinition } from '../../engine/core/screen-document.ts';

const list = {
  columns: [
    { field: 'Name', label: 'Name', sortable: true },
    { field: 'Rating', label: 'Rating', sortable: true },
  ],
} as unknown as ListDefinition;

describe.each(databases)('paging by cursor past NULLs in a sort column on %s', (kind) => {
  const t = useTestApp(kind);
  beforeAll(async () => {
    await t.app.db.raw('create table gadgets (gadget_id serial primary key, name text not null, rating integer)');
    // Every fourth gadget has no rating: NULLs sort after every rating ascending, before them descending.
    await t.app.db.raw("insert into gadgets (name, rating) select 'g' || i, case when i % 4 = 0 then null else i % 7 end from generate_series(1, 37) i");
  });

  const page = (query: Record<string, unknown>) =>
    runList<{ GadgetId: number }>(t.app.db, t.app.db('gadgets'), list, { idField: 'GadgetId', nullableFields: ['Rating'] }, { pageSize: 5, ...query });
  const ids = (r: { Items: Array<{ GadgetId: number }> }) => r.Items.map((g) => g.GadgetId);

  for (const sorts of ['Rating,asc', 'Rating,desc', 'Name,asc,Rating,desc', 'Rating,asc,Name,desc']) {
    it(`visits every row once sorted by ${sorts}, forwards and backwards`, async () => {
      const all = ids(await page({ pageSize: 1000, sorts }));
      expect(all).toHaveLength(37);
      const forwards: number[] = [];
      let r = await page({ sorts });
      forwards.push(...ids(r));
      for (let n = 2; forwards.length < 37 && n < 20; n++) {
        r = await page({ sorts, page: n, after: r.Cursors.Last });
        forwards.push(...ids(r));
      }
      expect(forwards).toEqual(all);
      r = await page({ sorts, page: 8, last: true });
      const backwards = [...ids(r)];
      for (let n = 7; backwards.length < 37 && n > 0; n--) {
        r = await page({ sorts, page: n, before: r.Cursors.First });
        backwards.unshift(...ids(r));
      }
      expect(backwards).toEqual(all);
    });
  }
});
