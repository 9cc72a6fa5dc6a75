import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Principal } from '../../types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { moduleAccessOf } from '../access/effective-access.ts';
import { recordTableName } from '../forms/definition-sync.ts';
import { buildRecordIndexesLater } from '../forms/record-indexes.ts';
import { applyDocument } from './apply.ts';
import { importDocument } from './import-document.ts';
import { checkedDocument, type TransferDocument } from './document.ts';
import { exportForms } from './export.ts';
import { rollbackImport } from './rollback.ts';

const access = { module: 'ApplicationTransfer' };
const tags = ['transfer'];
/** A built application's document can be large: many forms, long lookup lists. */
const bodyLimit = 32 * 1024 * 1024;

const planSchema = {
  type: 'array',
  items: {
    type: 'object', required: ['Kind', 'Key', 'Action', 'Changes'],
    properties: { Kind: { type: 'string' }, Key: { type: 'string' }, Action: { enum: ['create', 'change', 'unchanged'] }, Changes: { type: 'array', items: { type: 'string' } } },
  },
} as const;
const conflictsSchema = {
  type: 'array',
  items: { type: 'object', required: ['Kind', 'Key', 'Name', 'Message'], properties: { Kind: { type: 'string' }, Key: { type: 'string' }, Name: { type: 'string' }, Message: { type: 'string' } } },
} as const;
const documentBody = {
  type: 'object', additionalProperties: false, required: ['Document'],
  properties: {
    Document: { type: 'object', description: 'A transfer document (metadata/transfer.schema.json).' }, FileName: { type: ['string', 'null'], maxLength: 260 },
    TakeOver: { type: 'array', maxItems: 10000, items: { type: 'string', maxLength: 300 }, description: "The conflicts (their Key, as the preview lists them) the administrator chose to take over: the target's own forms, lists and pages the document would change." },
  },
} as const;
const importRow = {
  type: 'object',
  properties: {
    ImportId: { type: 'integer' }, ImportedAt: { type: 'string', format: 'date-time' }, ImportedBy: { type: ['string', 'null'] }, FileName: { type: ['string', 'null'] },
    Summary: planSchema, RolledBackAt: { type: ['string', 'null'], format: 'date-time' }, RolledBackBy: { type: ['string', 'null'] },
  },
} as const;

/**
 * An import writes what several screens manage: the caller must hold their modules too, as on those screens (a holder
 * of ApplicationTransfer alone cannot hand roles access through a document it wrote).
 */
export async function requireModulesFor(db: Knex, principal: Principal, doc: TransferDocument): Promise<void> {
  if (principal.IsMaster) return;
  const needed: Array<[boolean, string, string]> = [
    [doc.forms.length > 0 || doc.lookupLists.length > 0, 'FormManagement', 'forms and lookup lists'],
    [doc.pages.length > 0, 'PageManagement', 'pages'],
    [doc.menuItems.length > 0, 'MenuItem', 'menu items'],
    [doc.roles.length > 0, 'Role', "roles' access"],
  ];
  for (const [applies, module, what] of needed) {
    if (applies && !(await moduleAccessOf(db, principal.UserId, module)).holdsModule) {
      throw HttpError.of(403, `Importing ${what} needs the ${module} module as well.`, 'Document', 'ModuleNeeded');
    }
  }
}

/**
 * Moving what was built (issue 13): export built forms with what they need as one document, preview what importing
 * one would do (the import itself, run and rolled back), import it in one transaction recording the rows before and
 * after, list the imports and roll one back exactly.
 */
export default async function transferRoutes(app: FastifyInstance) {
  app.get('/api/transfer/forms', {
    config: { access },
    schema: {
      tags, summary: 'The forms that can be exported (built in Form Management), by name, with the routes of the pages showing them.',
      response: { 200: { type: 'array', items: { type: 'object', properties: { Id: { type: 'integer' }, Name: { type: 'string' }, IsActive: { type: 'boolean' }, Pages: { type: 'array', items: { type: 'string' } } } } } },
    },
  }, async () => {
    const forms: Array<{ Id: number; Name: string; IsActive: boolean }> = await app.db('forms').whereNull('Source').orderBy('Name').select({ Id: 'FormId', Name: 'Name', IsActive: 'IsActive' });
    const pages: Array<{ FormId: number; Route: string }> = await app.db('pages').orderBy('Route').select('FormId', 'Route');
    return forms.map((f) => ({ ...f, Pages: pages.filter((p) => p.FormId === f.Id).map((p) => p.Route) }));
  });

  app.post<{ Body: { FormIds: number[] } }>('/api/transfer/export', {
    config: { access },
    schema: {
      tags, summary: "The transfer document of the chosen built forms: their fields and UDFs, lookup lists, pages, menu items and the roles' grants on them.",
      body: { type: 'object', additionalProperties: false, required: ['FormIds'], properties: { FormIds: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1 } } } },
    },
  }, async (request) => exportForms(app.db, request.body.FormIds));

  app.post<{ Body: { Document: unknown } }>('/api/transfer/preview', {
    bodyLimit,
    config: { access },
    schema: {
      tags, summary: "What importing the document would do, thing by thing (create, change with what differs, unchanged), and what of the target's own it would take over (Conflicts, each to be chosen in the import's TakeOver); writes nothing. A document the import would refuse is refused the same way.",
      body: documentBody, response: { 200: { type: 'object', properties: { Plan: planSchema, Conflicts: conflictsSchema } } },
    },
  }, async (request) => {
    const doc = checkedDocument(request.body.Document);
    await requireModulesFor(app.db, request.principal!, doc);
    const trx = await app.db.transaction();
    try {
      const { plan, conflicts } = await applyDocument(app, trx, doc, request.principal!);
      return { Plan: plan, Conflicts: conflicts };
    } finally {
      await trx.rollback();
    }
  });

  app.post<{ Body: { Document: unknown; FileName?: string | null; TakeOver?: string[] } }>('/api/transfer/import', {
    bodyLimit,
    config: { access },
    schema: {
      tags, summary: "Imports the document in one transaction; an import that changed something is kept (with the rows before and after) for its rollback. Importing the same document again changes nothing. Taking over what the target made itself is refused (409, each listed) unless chosen in TakeOver.",
      body: documentBody, response: { 200: { type: 'object', properties: { ImportId: { type: ['integer', 'null'] }, Plan: planSchema } } },
    },
  }, async (request) => {
    const doc = checkedDocument(request.body.Document);
    const principal = request.principal!;
    await requireModulesFor(app.db, principal, doc);
    const result = await app.db.transaction((trx) => importDocument(app, trx, doc, principal, request.body.FileName ?? null, request.body.TakeOver));
    for (const formId of result.changedForms) buildRecordIndexesLater(app.db, formId, recordTableName(formId), request.log);
    return { ImportId: result.ImportId, Plan: result.Plan };
  });

  app.get('/api/transfer/imports', {
    config: { access },
    schema: { tags, summary: 'The imports, newest first, with what each did and whether it was rolled back.', response: { 200: { type: 'array', items: importRow } } },
  }, async () => app.db('transfer_imports').orderBy('ImportId', 'desc').limit(200)
    .select('ImportId', 'ImportedAt', 'ImportedBy', 'FileName', 'Summary', 'RolledBackAt', 'RolledBackBy'));

  app.post<{ Params: { id: number } }>('/api/transfer/imports/:id/rollback', {
    config: { access },
    schema: {
      tags, summary: 'Restores every definition the import wrote to what it was before, in one transaction; refused (409) when that can no longer be exact.',
      params: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }, response: { 200: importRow },
    },
  }, async (request) => app.db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7095)');
    const row = await trx('transfer_imports').where({ ImportId: request.params.id }).first('ImportId', 'Document', 'Scope', 'Before', 'After', 'RolledBackAt');
    if (!row) throw HttpError.of(404, 'This import does not exist.', null, 'NotFound');
    // Undoing an import writes what it wrote: the same modules are needed.
    await requireModulesFor(trx, request.principal!, row.Document as TransferDocument);
    if (row.RolledBackAt) throw HttpError.of(409, 'This import has been rolled back already.', null, 'RollbackRefused');
    await rollbackImport(trx, row);
    await trx('transfer_imports').where({ ImportId: row.ImportId }).update({ RolledBackAt: trx.fn.now(), RolledBackBy: request.principal!.UserName });
    return trx('transfer_imports').where({ ImportId: row.ImportId }).first('ImportId', 'ImportedAt', 'ImportedBy', 'FileName', 'Summary', 'RolledBackAt', 'RolledBackBy');
  }));
}
