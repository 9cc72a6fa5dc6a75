import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { routeNodeName } from '../access/permission-nodes.ts';
import { recordTableName } from '../forms/definition-sync.ts';
import { buildRecordIndexesLater } from '../forms/record-indexes.ts';
import { buildDocument, buildFaults, refuseTaken, type BuildBody } from './build-document.ts';
import { checkedDocument } from './document.ts';
import { importDocument } from './import-document.ts';
import { requireModulesFor } from './routes.ts';

const text = (maxLength: number) => ({ type: 'string', maxLength });
const day = { type: ['string', 'null'], pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' };

const buildBody = {
  type: 'object', additionalProperties: false, required: ['Name', 'Fields'],
  properties: {
    Name: text(200),
    Description: { type: ['string', 'null'], maxLength: 2000 },
    IsCircleable: { type: 'boolean' },
    Fields: {
      type: 'array', maxItems: 200,
      items: {
        type: 'object', additionalProperties: false, required: ['Label', 'FieldType'],
        properties: {
          Label: text(200), FieldType: text(50), Required: { type: 'boolean' },
          Items: { type: 'array', maxItems: 1000, items: text(1000) },
          IsUdf: { type: 'boolean' }, StartDate: day, EndDate: day,
        },
      },
    },
    Page: { type: ['object', 'null'], additionalProperties: false, required: ['Name'], properties: { Name: text(200), Route: { type: ['string', 'null'], maxLength: 200 } } },
    MenuItem: { type: 'boolean' },
    Role: {
      type: ['object', 'null'], additionalProperties: false, required: ['Name', 'Create', 'Update', 'Delete'],
      properties: { Name: text(200), Create: { type: 'boolean' }, Update: { type: 'boolean' }, Delete: { type: 'boolean' }, ViewAllRecords: { type: 'boolean' } },
    },
  },
} as const;

/**
 * The form builder's one step (issue 29): a new form with its fields, the lists its selects offer, and, as chosen,
 * the page showing it, a menu item to that page and a role's access to it, made in one transaction by the import's
 * own code, and kept as an import (Application Transfer lists it and can roll it back). Everything is checked first,
 * each fault named by its row; nothing is written unless all of it can be.
 */
export default async function buildRoutes(app: FastifyInstance) {
  app.post<{ Body: BuildBody }>('/api/forms/build', {
    config: { access: { module: 'FormManagement', route: routeNodeName('forms', 'create') } },
    schema: {
      tags: ['forms'],
      summary: "Builds a new form with its fields (a select's choices typed in place), and publishes it as chosen: its page, a menu item, a role's access. One transaction; kept as an import that can be rolled back.",
      body: buildBody,
      response: {
        201: {
          type: 'object',
          properties: { FormId: { type: 'integer' }, PageId: { type: ['integer', 'null'] }, Url: { type: 'string' }, ImportId: { type: ['integer', 'null'] } },
        },
      },
    },
  }, async (request, reply) => {
    const body = request.body;
    const faults = buildFaults(body);
    if (faults.length) throw new HttpError(400, faults);
    const principal = request.principal!;
    const result = await app.db.transaction(async (trx) => {
      await refuseTaken(app, trx, body);
      const doc = checkedDocument(await buildDocument(trx, body));
      await requireModulesFor(trx, principal, doc);
      const imported = await importDocument(app, trx, doc, principal, `Built in the form builder: ${doc.forms[0].name}`, []);
      const form = await trx('forms').whereRaw('lower(name) = lower(?)', [doc.forms[0].name]).first('FormId', 'Name');
      const page = doc.pages[0] ? await trx('pages').where({ Route: doc.pages[0].route }).first('PageId', 'Route') : undefined;
      return { ...imported, FormId: form.FormId as number, PageId: (page?.PageId as number | undefined) ?? null, Url: (page?.Route as string | undefined) ?? null };
    });
    for (const formId of result.changedForms) buildRecordIndexesLater(app.db, formId, recordTableName(formId), request.log);
    reply.code(201);
    return { FormId: result.FormId, PageId: result.PageId, Url: result.Url ?? `/form/update/${result.FormId}`, ImportId: result.ImportId };
  });
}
