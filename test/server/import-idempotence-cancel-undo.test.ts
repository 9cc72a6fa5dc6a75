import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { injectAs } from './helper.ts';
import { csvOf, importsOf, type ImportJob } from './import-fixtures.ts';
import { header, shipmentForm } from './import-form-fixture.ts';

describe.each(databases)('an import run twice, cancelled and undone on %s', (kind) => {
  // Two rows a batch and a pause between batches: a cancel surely lands mid-way.
  const t = useTestApp(kind, { importBatchRows: 2, importBatchPauseMs: 60 });
  let admin: SignedIn;
  let form: Awaited<ReturnType<typeof shipmentForm>>;
  let imports: ReturnType<typeof importsOf>;
  const file = (prefix: string, rows: number) => csvOf([header, ...Array.from({ length: rows }, (_, i) => [`${prefix} ${i + 1}`, String(i), '', '', '', '', '', ''])]);
  const titled = async (prefix: string) => (await t.app.db(form.table).where('Title', 'like', `${prefix} %`).select('Title')).map((r) => r.Title as string);

  beforeAll(async () => {
    admin = await signIn(t.app);
    form = await shipmentForm(t.app, admin);
    imports = importsOf(t.app, form.formId);
  });

  async function importFile(content: Buffer, name = 'file.csv'): Promise<ImportJob> {
    const uploaded = await imports.upload(admin, name, content);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { ImportJobId, Mapping } = uploaded.json();
    expect((await imports.check(admin, ImportJobId, Mapping)).statusCode).toBe(200);
    await imports.settled(admin, ImportJobId);
    expect((await imports.start(admin, ImportJobId, 'skip')).statusCode).toBe(200);
    return imports.settled(admin, ImportJobId);
  }

  it('refuses the same file into the same form while its import stands, saying when and by whom; writes no duplicate', async () => {
    const content = file('Twice', 5);
    expect(await importFile(content, 'twice.csv')).toMatchObject({ State: 'Done', Imported: 5 });
    const again = await imports.upload(admin, 'renamed.csv', content);
    expect(again.statusCode).toBe(409);
    expect(again.json()[0]).toMatchObject({ PropertyName: 'file', ErrorCode: 'AlreadyImported' });
    expect(again.json()[0].ErrorMessage).toMatch(/^This file was already imported into Shipment on \d\d\/\d\d\/\d{4} by admin \(5 records\)\. Undo that import to import it again\.$/);
    expect((await titled('Twice')).length).toBe(5);
  });

  it('cancels mid-way: the committed batches stay, and the same file uploaded again resumes after them with no duplicate', async () => {
    const content = file('Resume', 12);
    const uploaded = (await imports.upload(admin, 'resume.csv', content)).json();
    await imports.check(admin, uploaded.ImportJobId, uploaded.Mapping);
    await imports.settled(admin, uploaded.ImportJobId);
    await imports.start(admin, uploaded.ImportJobId, 'skip');
    await imports.until(admin, uploaded.ImportJobId, (job) => job.Imported >= 2);
    expect((await imports.cancel(admin, uploaded.ImportJobId)).statusCode).toBe(200);
    const cancelled = await imports.settled(admin, uploaded.ImportJobId);
    expect(cancelled.State).toBe('Cancelled');
    expect(cancelled.Imported).toBeGreaterThanOrEqual(2);
    expect(cancelled.Imported).toBeLessThan(12);
    expect((await titled('Resume')).length).toBe(cancelled.Imported);
    const again = await imports.upload(admin, 'resume.csv', content);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().ImportJobId).toBe(uploaded.ImportJobId);
    expect((await imports.start(admin, uploaded.ImportJobId, 'skip')).statusCode).toBe(200);
    expect(await imports.settled(admin, uploaded.ImportJobId)).toMatchObject({ State: 'Done', Imported: 12 });
    expect((await titled('Resume')).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Resume ${i + 1}`).sort());
  });

  it("an 'all or nothing' import cancelled mid-way leaves nothing written", async () => {
    if (kind === 'pglite') return; // PGlite's one connection is the import's until it ends: a cancel waits for it (README).
    const uploaded = (await imports.upload(admin, 'all.csv', file('AllCancel', 40))).json();
    await imports.check(admin, uploaded.ImportJobId, uploaded.Mapping);
    await imports.settled(admin, uploaded.ImportJobId);
    await imports.start(admin, uploaded.ImportJobId, 'all');
    await new Promise((r) => setTimeout(r, 200));
    await imports.cancel(admin, uploaded.ImportJobId);
    expect(await imports.settled(admin, uploaded.ImportJobId)).toMatchObject({ State: 'Cancelled', Imported: 0 });
    expect(await titled('AllCancel')).toEqual([]);
  });

  it('undoes an import: its records go, one entry says so, and the same file can be imported again', async () => {
    const content = file('Undo', 5);
    const job = await importFile(content, 'undo.csv');
    const undone = await imports.undo(admin, job.ImportJobId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ State: 'Undone', UndoneBy: 'admin' });
    expect(await titled('Undo')).toEqual([]);
    const entries = await t.app.db('audit_entries').where({ Entity: 'imports', RecordId: job.ImportJobId }).orderBy('AuditId');
    expect(entries.map((e) => e.Action)).toEqual(['import', 'undo import']);
    expect((await imports.undo(admin, job.ImportJobId)).statusCode).toBe(409);
    expect(await importFile(content, 'undo.csv')).toMatchObject({ State: 'Done', Imported: 5 });
  });

  it('refuses to undo once one of its records changed since, deleting none', async () => {
    const job = await importFile(file('Changed', 4), 'changed.csv');
    const one = await t.app.db(form.table).where({ Title: 'Changed 2' }).first('RecordId');
    const url = `/api/forms/${form.formId}/records/${one.RecordId}`;
    const record = (await injectAs(t.app, admin, { method: 'GET', url })).json();
    const saved = await injectLocked(t.app, admin, { method: 'POST', url, payload: { ...record, Quantity: 99 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await imports.undo(admin, job.ImportJobId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()[0]).toMatchObject({ ErrorCode: 'ChangedSince', ErrorMessage: 'This import cannot be undone: 1 of its records was changed or deleted since.' });
    expect((await titled('Changed')).length).toBe(4);
    expect((await imports.read(admin, job.ImportJobId)).json().State).toBe('Done');
  });
});
