import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { csvOf, importsOf } from './import-fixtures.ts';
import { header, shipmentForm } from './import-form-fixture.ts';
import { presentIndexes, recordIndexesBuilt, recordIndexesOf } from '../../server/modules/forms/record-indexes.ts';

/** A form to import into with bulk loads from 6 rows; two rows a batch with a pause, so an import's middle can be seen. */
function useBulkSetup(kind: (typeof databases)[number]) {
  const t = useTestApp(kind, { importBulkRows: 6, importBatchRows: 2, importBatchPauseMs: 80 });
  const s = {} as {
    admin: SignedIn; form: Awaited<ReturnType<typeof shipmentForm>>; imports: ReturnType<typeof importsOf>; listIndexes: string[];
    /** The list's default order (Title, its first sortable field): its index stays through a bulk load. */
    defaultOrder: string; dropped: string[];
  };
  beforeAll(async () => {
    s.admin = await signIn(t.app);
    s.form = await shipmentForm(t.app, s.admin);
    s.imports = importsOf(t.app, s.form.formId);
    await recordIndexesBuilt(s.form.formId);
    const indexes = await recordIndexesOf(t.app.db, s.form.formId, s.form.table);
    s.listIndexes = indexes.map((i) => i.name);
    s.defaultOrder = indexes.find((i) => i.kind === 'order' && i.formFieldId === s.form.fieldIds.Title)!.name;
    s.dropped = s.listIndexes.filter((n) => n !== s.defaultOrder);
  });
  const file = (prefix: string, rows: number) => csvOf([header, ...Array.from({ length: rows }, (_, i) => [`${prefix} ${i + 1}`, String(i), '', '', '', '', '', ''])]);
  const missing = async () => { const present = await presentIndexes(t.app.db, s.form.table); return s.listIndexes.filter((n) => !present.has(n)); };
  const titled = async (prefix: string) => Number(Object.values((await t.app.db(s.form.table).where('Title', 'like', `${prefix} %`).count('* as n').first())!)[0]);
  /** Uploads and checks a file of `rows` rows, starts its import, and answers its job id once it has written a batch. */
  async function startMidway(prefix: string, rows: number, mode: 'skip' | 'all') {
    const { ImportJobId, Mapping } = (await s.imports.upload(s.admin, `${prefix}.csv`, file(prefix, rows))).json();
    await s.imports.check(s.admin, ImportJobId, Mapping);
    await s.imports.settled(s.admin, ImportJobId);
    expect((await s.imports.start(s.admin, ImportJobId, mode)).statusCode).toBe(200);
    await s.imports.until(s.admin, ImportJobId, (job) => job.Imported >= 2 || job.State !== 'Importing');
    return ImportJobId as number;
  }
  return { t, s, missing, titled, startMidway };
}

/** A large import loads without the form's list indexes and builds them again when it ends; a small one keeps them. */
describe.each(databases)('an import in bulk on %s', (kind) => {
  const { s, missing, titled, startMidway } = useBulkSetup(kind);
  async function importMidway(prefix: string, rows: number) {
    const jobId = await startMidway(prefix, rows, 'skip');
    const midway = await missing();
    const done = await s.imports.settled(s.admin, jobId);
    await recordIndexesBuilt(s.form.formId);
    return { midway, done };
  }

  it('has list indexes to drop: the sortable and searchable fields', () => {
    expect(s.listIndexes.length).toBeGreaterThan(4);
  });

  it('keeps the indexes through an import smaller than the threshold', async () => {
    const { midway, done } = await importMidway('Small', 5);
    expect(done).toMatchObject({ State: 'Done', Imported: 5 });
    expect(midway).toEqual([]);
  });

  it("drops them but the default order's for a large import, and builds every one again when it ends, the records all there", async () => {
    const { midway, done } = await importMidway('Large', 12);
    expect(done).toMatchObject({ State: 'Done', Imported: 12 });
    expect(s.defaultOrder).toBeTruthy();
    expect(midway.sort()).toEqual([...s.dropped].sort());
    expect(await missing()).toEqual([]);
    expect(await titled('Large')).toBe(12);
  });

  it('keeps them for a file smaller than the table already is', async () => {
    // The table holds 17 records (and knows it: the index builds counted them); 10 rows are over the threshold but fewer.
    const { midway, done } = await importMidway('Fewer', 10);
    expect(done).toMatchObject({ State: 'Done', Imported: 10 });
    expect(midway).toEqual([]);
  });
});

// On PGlite's one connection an all-or-nothing import holds the database: nothing can look at it, or cancel it, mid-way.
describe.each(databases.filter((kind) => kind === 'postgres'))('an all-or-nothing import in bulk on %s', (kind) => {
  const { s, missing, titled, startMidway } = useBulkSetup(kind);

  it('builds the indexes again after the import is cancelled mid-way, which writes nothing', async () => {
    const jobId = await startMidway('Cancelled', 30, 'all');
    expect((await missing()).sort()).toEqual([...s.dropped].sort());
    expect((await s.imports.cancel(s.admin, jobId)).statusCode).toBe(200);
    expect((await s.imports.settled(s.admin, jobId)).State).toBe('Cancelled');
    await recordIndexesBuilt(s.form.formId);
    expect(await missing()).toEqual([]);
    expect(await titled('Cancelled')).toBe(0);
  });
});
