import { tmpdir } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { configFromEnv } from '../../server/config.ts';
import { openDatabase } from '../../server/db/knex.ts';
import errors from '../../server/plugins/errors.ts';
import { registerCrud } from '../../server/lib/crud/register-crud.ts';
import { fieldFileChecker } from '../../server/modules/files/field-files.ts';
import { DiskFileStorage } from '../../server/modules/files/storage.ts';
import { startSession } from '../../server/modules/sessions/session-store.ts';
import { richTextProperties, sanitizeRichText } from '../../server/lib/rich-text.ts';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../engine/core/forms/index.ts';

const hostile = [
  '<p>Hello <b>there</b></p>',
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(2)">',
  '<a href="javascript:alert(3)" onclick="alert(4)">click</a>',
  '<a href="JaVaScRiPt&colon;alert(5)">encoded</a>',
  '<div style="background:url(javascript:alert(6))" onmouseover="alert(7)">hover</div>',
  '<svg><script>alert(8)</script></svg><iframe src="https://evil.example"></iframe>',
  '<a href="https://example.org" target="_blank">ok</a>',
].join('');

function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script|<img|<svg|<iframe|onerror|onclick|onmouseover|javascript:|style=|alert\(/i);
}

describe('rich text as the server keeps it', () => {
  it('keeps the formatting and removes scripts, event handlers, javascript: links and unknown tags', () => {
    const clean = sanitizeRichText(hostile);
    expectHarmless(clean);
    expect(clean).toContain('<p>Hello <b>there</b></p>');
    // A link without a safe address, and a tag the editor does not write, keep only their text.
    expect(clean).toContain('</b></p>clickencodedhover');
    expect(clean).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">ok</a>');
  });

  it('finds the properties an entity marks as rich text', () => {
    expect(richTextProperties(noteEntity)).toEqual(['Body']);
  });
});

const noteEntity: JsonSchema = {
  title: 'Note',
  type: 'object',
  properties: {
    NoteId: { type: 'integer', readOnly: true },
    Title: { type: 'string', title: 'Title', maxLength: 200 },
    Body: { type: 'string', title: 'Body', maxLength: 8000, contentMediaType: 'text/html' },
  },
  required: ['Title'],
} as JsonSchema;

const noteScreen = {
  id: 'notes',
  title: 'Notes',
  entity: 'Note',
  api: '/api/notes',
  idField: 'NoteId',
  routes: { list: '/notes', create: '/notes/create', update: '/notes/update/:id' },
  form: { entityLabel: 'Note', fields: { create: ['Title', 'Body'], update: ['Title', 'Body'] } },
} as unknown as ScreenDocument;

describe('generic record writes sanitise rich-text properties before they reach the database', () => {
  let app: FastifyInstance;
  let db: Knex;
  beforeAll(async () => {
    db = await openDatabase({ ...configFromEnv({}), inMemoryDatabase: true });
    await db.schema.createTable('notes', (t) => {
      t.increments('NoteId').primary();
      t.string('Title', 200).notNullable();
      t.text('Body');
      t.string('CreatedBy', 200);
      t.string('ModifiedBy', 200);
      t.timestamp('ModifiedDate', { useTz: true });
      t.integer('RowVersion').notNullable().defaultTo(1);
    });
    // The writer the generic CRUD stamps and audits must exist.
    const [{ UserId }] = await db('users').insert({ UserName: 'admin', FirstName: 'Ada', LastName: 'Admin', EmailAddress: 'admin@example.org', IsMaster: true }).returning('UserId');
    // Updates hold the record's lock, which belongs to a session.
    const { SessionId } = await startSession(db, UserId, {});
    app = Fastify();
    app.decorate('db', db);
    app.decorate('config', configFromEnv({}));
    app.decorate('checkFieldFiles', fieldFileChecker(new DiskFileStorage(tmpdir()), 1024));
    await app.register(errors);
    app.addHook('onRequest', async (request) => {
      request.principal = { SessionId, InstanceId: 'i', UserId, UserName: 'admin', IsMaster: true };
    });
    registerCrud(app, { screen: noteScreen, entity: noteEntity, table: 'notes' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('on create and on update', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/notes', payload: { Title: '<b>kept as text</b>', Body: hostile } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().NoteId;
    const stored = await db('notes').where('NoteId', id).first();
    expectHarmless(stored.Body);
    expect(stored.Body).toContain('<p>Hello <b>there</b></p>');
    // Only properties marked as rich text are touched.
    expect(stored.Title).toBe('<b>kept as text</b>');

    // Read for update first, as the form does: the write carries the record's lock and version.
    const read = await app.inject({ method: 'GET', url: `/api/notes/${id}?lock=true` });
    const headers = { recordlockid: String(read.headers.recordlockid), recordversion: String(read.headers.recordversion) };
    const updated = await app.inject({ method: 'POST', url: `/api/notes/${id}`, headers, payload: { Title: 'Second', Body: '<p onclick="x()">Now</p><script>steal()</script>' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await db('notes').where('NoteId', id).first()).Body).toBe('<p>Now</p>');
  });
});

describe.each(databases)("a built form's rich-text field on %s", (kind) => {
  const t = useTestApp(kind);

  it('is sanitised on create and update, like shipped screens\' rich text', async () => {
    const admin = await signIn(t.app);
    const form = await injectLocked(t.app, admin, { method: 'POST', url: '/api/forms', payload: { Name: 'Memo', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true } });
    const FormId = form.json().FormId;
    const field = { FormId, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} };
    for (const [Name, FieldType] of [['Title', 'text'], ['Body', 'richText']]) {
      const res = await injectLocked(t.app, admin, { method: 'POST', url: '/api/formfields', payload: { ...field, Name, ReportLabelText: Name, FieldType } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const created = await injectLocked(t.app, admin, { method: 'POST', url: `/api/forms/${FormId}/records`, payload: { Title: '<b>kept as text</b>', Body: hostile } });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/forms/${FormId}/records/${created.json().RecordId}`;
    const read = (await injectAs(t.app, admin, { url })).json();
    expectHarmless(read.Body);
    expect(read.Body).toContain('<p>Hello <b>there</b></p>');
    expect(read.Title).toBe('<b>kept as text</b>');
    const updated = await injectLocked(t.app, admin, { method: 'POST', url, payload: { Title: 'Second', Body: '<p onclick="x()">Now</p><script>steal()</script>' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await injectAs(t.app, admin, { url })).json().Body).toBe('<p>Now</p>');
  });
});
