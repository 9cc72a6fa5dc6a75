import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { csvOf, importsOf } from './import-fixtures.ts';
import { multipart, type Part } from './multipart.ts';
import { header, shipmentForm } from './import-form-fixture.ts';

describe.each(databases)('importing records into a built form on %s', (kind) => {
  const t = useTestApp(kind, { importBatchRows: 3, maxFileSizeMB: 1 });
  let admin: SignedIn;
  let form: Awaited<ReturnType<typeof shipmentForm>>;
  let imports: ReturnType<typeof importsOf>;
  const count = async () => Number((await t.app.db(form.table).count({ Count: '*' }))[0].Count);

  beforeAll(async () => {
    admin = await signIn(t.app);
    form = await shipmentForm(t.app, admin);
    imports = importsOf(t.app, form.formId);
  });

  /** Uploads a file, checks it with the suggested mapping, and answers the dry run. */
  async function dryRun(fileName: string, content: Buffer) {
    const uploaded = await imports.upload(admin, fileName, content);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const job = uploaded.json();
    const checking = await imports.check(admin, job.ImportJobId, job.Mapping);
    expect(checking.statusCode, checking.body).toBe(200);
    return imports.settled(admin, job.ImportJobId);
  }

  it('matches columns to fields by label, and the dry run lists each bad row with its number, field and the create screen\'s message, writing nothing', async () => {
    const file = csvOf([
      ['title', 'Quantity', 'PRICE', 'Arrival', 'Severity', 'Areas', 'Urgent', 'Badge', 'Unknown column'],
      ['Crates', '1,200', '$1,234.50', '05/01/2026', 'high', 'Low;High', 'Yes', 'B-1', 'x'],
      ['', '3', '', '', '', '', '', '', ''],
      ['Boxes', 'many', '', '13/45/2026', 'Medium', '', 'No', '', ''],
      ['A title far longer than twenty', '2', '', '', '', '', '', '', ''],
    ]);
    const uploaded = await imports.upload(admin, 'dry.csv', file);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().Mapping).toEqual(header.map((Field, Column) => ({ Column, Field })));
    const before = await count();
    const job = await dryRun('dry-again.csv', Buffer.concat([file, Buffer.from('\r\n')]));
    expect(job).toMatchObject({ State: 'Checked', TotalRows: 4, BadRows: 3 });
    expect(job.Errors).toEqual([
      { Row: 3, Field: 'Title', PropertyName: 'Title', Message: 'Title is required.' },
      { Row: 4, Field: 'Severity', PropertyName: 'Severity', Message: 'Choose Severity from its list.' },
      { Row: 4, Field: 'Quantity', PropertyName: 'Quantity', Message: expect.stringContaining('Quantity') },
      { Row: 4, Field: 'Arrival', PropertyName: 'Arrival', Message: expect.stringContaining('Arrival') },
      { Row: 5, Field: 'Title', PropertyName: 'Title', Message: expect.stringContaining('20') },
    ]);
    // The create screen gives the same messages for the same values.
    const created = await injectAs(t.app, admin, { method: 'POST', url: `/api/forms/${form.formId}/records`, payload: { Title: 'Boxes', Quantity: 'many', Arrival: '13/45/2026' } });
    expect(created.json().map((e: { ErrorMessage: string }) => e.ErrorMessage).sort()).toEqual(job.Errors.filter((e) => e.Row === 4 && e.Field !== 'Severity').map((e) => e.Message).sort());
    expect(await count()).toBe(before);
  });

  it("'all or nothing' is refused while the dry run found bad rows; 'skip bad rows' writes the good ones with lookups by name, dates and numbers as the product shows them", async () => {
    const job = await dryRun('skip.csv', csvOf([
      header,
      ['Crates', '1,200', '$1,234.50', '05/01/2026', 'high', 'Low; High', 'Yes', 'B-1'],
      ['', '3', '', '', '', '', '', ''],
      ['Pallets', '(7)', '(12.00)', '2026-12-31', '', '', 'no', ''],
      ['Drums', '4', '0.5', '1/2/2027', 'Low', '', '', ''],
    ]));
    expect(job.BadRows).toBe(1);
    const refused = await imports.start(admin, job.ImportJobId, 'all');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()[0].ErrorMessage).toBe('1 row has errors: correct the file, or choose to skip the bad rows.');
    expect((await imports.start(admin, job.ImportJobId, 'skip')).statusCode).toBe(200);
    const done = await imports.settled(admin, job.ImportJobId);
    expect(done).toMatchObject({ State: 'Done', Imported: 3, Skipped: 1 });
    const rows = await t.app.db(form.table).whereIn('Title', ['Crates', 'Pallets', 'Drums']).orderBy('RecordId');
    expect(rows.map((r) => [r.Title, r.Quantity, Number(r.Price), r.Severity, r.Areas, r.Urgent, r.CreatedBy, r.CreatedById !== null])).toEqual([
      ['Crates', 1200, 1234.5, form.items.High, [form.items.Low, form.items.High], true, 'admin', true],
      ['Pallets', -7, -12, null, null, false, 'admin', true],
      ['Drums', 4, 0.5, form.items.Low, null, false, 'admin', true],
    ]);
    const read = await injectAs(t.app, admin, { method: 'GET', url: `/api/forms/${form.formId}/records/${rows[0].RecordId}` });
    expect(read.json()).toMatchObject({ Arrival: '2026-05-01', Badge: 'B-1' });
    expect((await injectAs(t.app, admin, { method: 'GET', url: `/api/forms/${form.formId}/records/${rows[2].RecordId}` })).json().Arrival).toBe('2027-01-02');
    // One audit entry for the import (not one per record): who, the file, the form, how many.
    const entries = await t.app.db('audit_entries').where({ Entity: 'imports', RecordId: job.ImportJobId });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ Action: 'import', ChangedBy: 'admin' });
    expect(entries[0].Changes).toEqual(expect.arrayContaining([{ Field: 'File', Old: null, New: 'skip.csv' }, { Field: 'Records', Old: null, New: 3 }]));
    expect(await t.app.db('audit_entries').where({ Entity: `form-${form.formId}` }).whereIn('RecordId', rows.map((r) => r.RecordId))).toHaveLength(0);
  });

  it("'all or nothing' writes every row in one transaction, and nothing when a row turns bad after the dry run", async () => {
    const rows = Array.from({ length: 8 }, (_, i) => [`All ${i}`, String(i), '', '', i === 6 ? 'Gone' : 'Low', '', '', '']);
    const job = await dryRun('all.csv', csvOf([header, ...rows.map((r, i) => (i === 6 ? [...r.slice(0, 4), 'Low', ...r.slice(5)] : r))]));
    expect(job.BadRows).toBe(0);
    // The same rows, but the file the job reads names an item that does not exist: as if the item went after the dry run.
    await t.app.db('simple_lookup_items').where({ SimpleLookupItemId: form.items.Low }).update({ Name: 'Lowest' });
    try {
      expect((await imports.start(admin, job.ImportJobId, 'all')).statusCode).toBe(200);
      const failed = await imports.settled(admin, job.ImportJobId);
      expect(failed.State).toBe('Failed');
      expect(failed.Message).toMatch(/^Nothing was imported: row 2 has errors \(Severity: Choose Severity from its list\.\)/);
      expect(await t.app.db(form.table).where('Title', 'like', 'All %')).toHaveLength(0);
      expect(await t.app.db('import_batches').where({ ImportJobId: job.ImportJobId })).toHaveLength(0);
    } finally {
      await t.app.db('simple_lookup_items').where({ SimpleLookupItemId: form.items.Low }).update({ Name: 'Low' });
    }
    const again = await dryRun('all-2.csv', csvOf([header, ...rows.map((r) => [...r.slice(0, 4), 'Low', ...r.slice(5)])]));
    expect((await imports.start(admin, again.ImportJobId, 'all')).statusCode).toBe(200);
    expect(await imports.settled(admin, again.ImportJobId)).toMatchObject({ State: 'Done', Imported: 8, Skipped: 0 });
    expect(await t.app.db(form.table).where('Title', 'like', 'All %')).toHaveLength(8);
  });

  it('reads an XLSX file as a stream: dates, numbers and booleans of cells as the product shows them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Shipments');
    sheet.addRow(header);
    sheet.addRow(['From Excel', 42, 19.99, new Date(Date.UTC(2026, 2, 15)), 'High', 'Low;High', true, 'X-1']);
    sheet.addRow(['Excel Bad', 'lots', null, null, null, null, false, null]);
    const job = await dryRun('sheet.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(job).toMatchObject({ State: 'Checked', TotalRows: 2, BadRows: 1 });
    expect(job.Errors.map((e) => [e.Row, e.Field])).toEqual([[3, 'Quantity']]);
    expect((await imports.start(admin, job.ImportJobId, 'skip')).statusCode).toBe(200);
    expect(await imports.settled(admin, job.ImportJobId)).toMatchObject({ State: 'Done', Imported: 1, Skipped: 1 });
    const row = await t.app.db(form.table).where({ Title: 'From Excel' }).first();
    expect([row.Quantity, Number(row.Price), row.Severity, row.Urgent]).toEqual([42, 19.99, form.items.High, true]);
    const read = await injectAs(t.app, admin, { method: 'GET', url: `/api/forms/${form.formId}/records/${row.RecordId}` });
    expect(read.json()).toMatchObject({ Arrival: '2026-03-15', Badge: 'X-1' });
  });

  it('refuses no file, two files, an empty file and one over the size limit, as every upload does, storing nothing', async () => {
    const jobs = async () => (await t.app.db('import_jobs').count({ N: '*' }))[0].N;
    const before = await jobs();
    const send = (parts: Part[]) => injectAs(t.app, admin, { method: 'POST', url: imports.base, ...multipart(parts) });
    const refusals: Array<[Part[], number, RegExp]> = [
      [[{ name: 'name', value: 'Nothing' }], 400, /^Please select a file to upload\.$/],
      [[{ name: 'file', fileName: 'a.csv', content: Buffer.from('Title\nA\n') }, { name: 'file', fileName: 'b.csv', content: Buffer.from('Title\nB\n') }], 400, /^Only one file can be uploaded at a time\.$/],
      [[{ name: 'file', fileName: 'empty.csv', content: Buffer.alloc(0) }], 400, /^The file is empty\.$/],
      [[{ name: 'file', fileName: 'big.csv', content: Buffer.concat([Buffer.from('Title\n'), Buffer.alloc(2 * 1024 * 1024, 'a\n')]) }], 413, /exceeds the maximum permitted file size\. \(1 MB\)$/],
    ];
    for (const [parts, status, message] of refusals) {
      const res = await send(parts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()[0]).toMatchObject({ PropertyName: 'file', ErrorMessage: expect.stringMatching(message) });
    }
    expect(await jobs()).toBe(before);
  });

  it('refuses a file that is neither CSV nor XLSX, and an XLSX that is not one', async () => {
    const text = await imports.upload(admin, 'notes.txt', Buffer.from('a,b\n1,2\n'));
    expect(text.statusCode).toBe(400);
    expect(text.json()[0]).toMatchObject({ PropertyName: 'file', ErrorCode: 'FileType' });
    const fake = await imports.upload(admin, 'fake.xlsx', Buffer.from('Title\nx\n'));
    expect(fake.statusCode).toBe(400);
  });
});
