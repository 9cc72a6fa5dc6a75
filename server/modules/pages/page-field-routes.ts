import type { FastifyInstance, FastifyRequest } from 'fastify';
import pageFieldEntity from '../../../metadata/entities/PageField.json' with { type: 'json' };
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { HttpError } from '../../lib/http-error.ts';
import { fieldTypeOf } from '../../../engine/core/lowcode/field-types.ts';
import { runList, listQuerySchema, listResponseSchema, type ListQuery } from '../../lib/list/index.ts';
import { registerCrud, idParams } from '../../lib/crud/register-crud.ts';
import { deniedFieldsOf, listForUser, withRowRule, type ParentRowRule } from '../../lib/crud/record-access.ts';

/** A page field is reachable only when its page is (the page's owner, for one without 'View All Records'). */
export const pageParent: ParentRowRule = { key: 'PageId', table: 'pages', idField: 'PageId', ownerField: 'CreatedById' };
const pageGone = () => new HttpError(409, [{ PropertyName: 'PageId', ErrorMessage: 'The chosen page does not exist.', ErrorCode: 'NotFound' }]);

/**
 * Page fields (spec 2 "Page field screen", module PageField): the list of every page's fields, the record calls,
 * and one page's fields in order for its Fields tab. A field names an existing page; its attribute values are kept
 * as given, keyed by config id.
 */
export default async function pageFieldRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('pagefields');
  const list = screen.list!;
  const access = { module: 'PageField' };
  const withPageName = (request: FastifyRequest) => app.db.from(withRowRule(app.db('page_fields as pf').join('pages as p', 'p.PageId', 'pf.PageId'), 'p.CreatedById', request.principal)
    .select('pf.*', { PageName: 'p.Name' }).as('page_fields'));
  const rowSchema = { ...rowSchemaOf(pageFieldEntity), additionalProperties: true };

  app.get<{ Querystring: ListQuery }>(screen.api, {
    config: { access },
    schema: { tags: ['pages'], summary: 'Page fields of every page, paged, sorted and searched.', querystring: listQuerySchema, response: { 200: listResponseSchema(rowSchema) } },
  }, async (request) => runList(app.db, withPageName(request), listForUser(list, deniedFieldsOf(request.principal)), { idField: 'PageFieldId', activeField: 'IsActive', alwaysSelect: ['IsActive'] }, request.query));

  app.get<{ Params: { id: number } }>('/api/pages/:id/fields', {
    config: { access },
    schema: { tags: ['pages'], summary: "A page's fields in order (inactive ones too), for its Fields tab.", params: idParams, response: { 200: { type: 'array', items: rowSchema } } },
  }, async (request) => {
    if (!(await withRowRule(app.db('pages').where({ PageId: request.params.id }), 'CreatedById', request.principal).first('PageId'))) throw HttpError.of(404, 'This page does not exist.', null, 'NotFound');
    return withPageName(request).where('PageId', request.params.id).orderBy([{ column: 'SortOrder' }, { column: 'PageFieldId' }]).select('*');
  });

  registerCrud(app, {
    screen,
    entity: pageFieldEntity as JsonSchema,
    table: 'page_fields',
    ownerField: 'CreatedById',
    parent: { ...pageParent, gone: pageGone },
    related: ['PageName'],
    hooks: {
      toColumns: async (values, _mode, _existing, trx) => {
        // A page field is typed as a form field is (spec 2 'Page field screen': FieldType): one of the field types.
        if ('FieldType' in values && !fieldTypeOf(String(values.FieldType))) {
          throw HttpError.of(400, `'${String(values.FieldType)}' is not a field type. Choose a type from the list.`, 'FieldType', 'unknownFieldType');
        }
        if ('PageId' in values && !(await trx('pages').where({ PageId: values.PageId }).first('PageId'))) {
          throw pageGone();
        }
        return 'AttributeValues' in values ? { ...values, AttributeValues: JSON.stringify(values.AttributeValues ?? {}) } : values;
      },
      load: async (db, row) => ({ PageName: (await db('pages').where({ PageId: row.PageId }).first('Name'))?.Name ?? null }),
    },
  });
}
