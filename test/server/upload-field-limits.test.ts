import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { readForUpdate } from './record-lock-fixtures.ts';
import { forModule, multipart, samples } from './multipart.ts';
import { registerCrud } from '../../server/lib/crud/register-crud.ts';
import { fileStorageFor } from '../../server/modules/files/storage.ts';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../engine/core/forms/index.ts';

// A screen whose form has upload fields, each with its own limits in ui:options: any such screen gets the check.
const entity: JsonSchema = {
  title: 'Exhibit',
  type: 'object',
  required: ['Title'],
  properties: {
    ExhibitId: { type: 'integer', readOnly: true },
    Title: { type: 'string', title: 'Title' },
    Documents: { type: 'array', title: 'Documents', items: { type: 'object' } },
    Picture: { type: ['object', 'null'], title: 'Picture' },
    Logo: { type: ['object', 'null'], title: 'Logo' },
    Details: { type: 'object', title: 'Details', properties: { Scan: { type: ['object', 'null'], title: 'Scan' } } },
    CreatedBy: { type: ['string', 'null'], readOnly: true },
    ModifiedBy: { type: ['string', 'null'], readOnly: true },
    ModifiedDate: { type: ['string', 'null'], format: 'date-time', readOnly: true },
  },
};
const fields = ['Title', 'Documents', 'Picture', 'Logo', 'Details'] as [string, ...string[]];
const screen = {
  id: 'exhibits', title: 'Exhibits', module: null, entity: 'Exhibit', api: '/api/exhibits', idField: 'ExhibitId',
  routes: { list: '/exhibits', create: '/exhibits/create', update: '/exhibits/update/:id' },
  form: {
    fields: { create: fields, update: fields },
    uiSchema: {
      Documents: { 'ui:field': 'fileUploader', 'ui:options': { extensions: ['txt', 'pdf'], maxFileSizeMB: 1, maxUploads: 2 } },
      Picture: { 'ui:field': 'imageUpload', 'ui:options': { maxFileSizeMB: 1 } },
      Logo: { 'ui:field': 'imageUpload', 'ui:options': { uploadType: 'clientlogo' } },
      Details: { Scan: { 'ui:field': 'imageUpload' } },
    },
  },
} as unknown as ScreenDocument;

const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
async function exhibitRoutes(app: FastifyInstance) {
  registerCrud(app, {
    screen, entity, table: 'exhibits',
    hooks: { toColumns: (v) => ({ ...v, Documents: json(v.Documents), Picture: json(v.Picture), Logo: json(v.Logo), Details: json(v.Details) }) },
  });
}

const MB = 1024 * 1024;
const typeMessage = 'The file does not match one of the permitted file types. Permitted file types: txt, pdf';
const sizeMessage = 'The file exceeds the maximum permitted file size. (1 MB)';
const tooMany = 'You have exceeded the maxiumum number of file uploads.';
const notFound = 'The file could not be found.';
const wrongKind = 'The file was not uploaded through this field.';

describe.each(databases)("each upload field's own limits are enforced on every write, on %s", (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'field-limits-'));
  // The global maximum (3 MB) is above the fields' own limits, so only a field's limit can refuse.
  const t = useTestApp(kind, { dataDir, maxFileSizeMB: 3 }, { routes: [exhibitRoutes] });
  let admin: SignedIn;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  type Stored = { FileName: string; UserFileName: string; Name: string; Description: string; IsActive: boolean };
  async function upload(url: string, fileName: string, content: Buffer): Promise<Stored> {
    const res = await injectAs(t.app, admin, { method: 'POST', url: forModule(url), ...multipart([{ name: 'file', fileName, content }]) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const document = (fileName: string, content: Buffer = samples.txt) => upload('/api/files/upload', fileName, content);
  const image = (content: Buffer = samples.png) => upload('/api/files/upload-image', 'photo.png', content);
  const logo = () => upload('/api/files/upload-logo', 'logo.png', samples.png);
  const imageRef = (f: Stored) => ({ FileName: f.FileName, UserFileName: f.UserFileName });
  const big = (head: Buffer) => Buffer.concat([head, Buffer.alloc(1.5 * MB, 0x61)]);

  const create = (body: Record<string, unknown>) => injectAs(t.app, admin, { method: 'POST', url: '/api/exhibits', payload: { Title: 'Exhibit', ...body } });
  const count = async () => Number((await t.app.db('exhibits').count({ N: '*' }))[0].N);
  /** Refused with these [PropertyName, message] items, and no record written. */
  async function expectRefused(body: Record<string, unknown>, items: Array<[string, string]>) {
    const before = await count();
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().map((e: { PropertyName: string; ErrorMessage: string }) => [e.PropertyName, e.ErrorMessage])).toEqual(items);
    expect(await count()).toBe(before);
  }

  beforeAll(async () => {
    await t.app.db.schema.createTable('exhibits', (table) => {
      table.increments('exhibit_id').primary();
      table.string('title', 200).notNullable();
      for (const c of ['documents', 'picture', 'logo', 'details']) table.jsonb(c);
      table.string('created_by', 200);
      table.timestamp('created_date', { useTz: true }).defaultTo(t.app.db.fn.now());
      table.string('modified_by', 200);
      table.timestamp('modified_date', { useTz: true });
      table.integer('row_version').notNullable().defaultTo(1);
    });
    admin = await signIn(t.app);
  });

  it('accepts files that keep every limit of their fields', async () => {
    const res = await create({
      Documents: [await document('a.txt'), await document('b.pdf', samples.pdf)],
      Picture: imageRef(await image()), Logo: imageRef(await logo()), Details: { Scan: imageRef(await image()) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().Documents).toHaveLength(2);
  });

  it("refuses an extension outside the field's list, though the upload itself allowed it", async () => {
    await expectRefused({ Documents: [await document('sheet.csv')] }, [['Documents', typeMessage]]);
  });

  it("refuses a file over the field's size limit, though under the global maximum", async () => {
    await expectRefused({ Documents: [await document('long.txt', big(samples.txt))] }, [['Documents', sizeMessage]]);
    await expectRefused({ Picture: imageRef(await image(big(samples.png))) }, [['Picture', sizeMessage]]);
  });

  it('refuses more active files than maxUploads, counting only active ones', async () => {
    const [a, b, c] = [await document('1.txt'), await document('2.txt'), await document('3.txt')];
    await expectRefused({ Documents: [a, b, c] }, [['Documents', tooMany]]);
    expect((await create({ Documents: [a, b, { ...c, IsActive: false }] })).statusCode).toBe(201);
  });

  it('refuses a file the server does not have: no record, or a record whose bytes are gone', async () => {
    const invented = { FileName: `${'f'.repeat(32)}.txt`, UserFileName: 'x.txt', Name: 'x', Description: ' ', IsActive: true };
    await expectRefused({ Documents: [invented] }, [['Documents', notFound]]);
    await expectRefused({ Picture: { FileName: '../../etc/passwd', UserFileName: 'p' } }, [['Picture', notFound]]);
    const gone = await image();
    await fileStorageFor(t.config, t.app.db).remove(gone.FileName);
    await expectRefused({ Picture: imageRef(gone) }, [['Picture', notFound]]);
  });

  it('refuses a file that came through another kind of upload, naming a nested field by its dotted path', async () => {
    await expectRefused({ Logo: imageRef(await image()) }, [['Logo', wrongKind]]);
    await expectRefused({ Details: { Scan: imageRef(await document('scan.txt')) } }, [['Details.Scan', wrongKind]]);
  });

  it('an update that breaks a limit leaves the record as it was', async () => {
    const created = await create({ Documents: [await document('keep.txt')] });
    const id = created.json().ExhibitId;
    // Read for update first, as the form does: the write carries the record's lock and version.
    const { headers } = await readForUpdate(t.app, admin, `/api/exhibits/${id}`);
    const res = await injectAs(t.app, admin, { method: 'POST', url: `/api/exhibits/${id}`, headers, payload: { Title: 'Changed', Documents: [await document('nope.csv')] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([expect.objectContaining({ PropertyName: 'Documents', ErrorMessage: typeMessage })]);
    const row = await t.app.db('exhibits').where('ExhibitId', id).first();
    expect(row.Title).toBe('Exhibit');
    expect(row.Documents.map((d: Stored) => d.UserFileName)).toEqual(['keep.txt']);
  });
});
