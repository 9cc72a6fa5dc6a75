import type { FastifyInstance, FastifyRequest } from 'fastify';
import pageFieldEntity from '../../../metadata/entities/PageField.json' with { type: 'json' };
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { lowCodeApi } from '../../../engine/core/lowcode/api.ts';
import { pageUrlOf } from '../../../engine/core/lowcode/compose-page.ts';
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { HttpError } from '../../lib/http-error.ts';
import { runList, listQuerySchema, listResponseSchema, type ListQuery } from '../../lib/list/index.ts';
import { registerCrud, idParams } from '../../lib/crud/register-crud.ts';
import { deniedFieldsOf, listForUser, withRowRule, type ParentRowRule } from '../../lib/crud/record-access.ts';
import { activeLookupLists, optionList } from '../lookups/lookup-table-routes.ts';
import { checkedAttributes, fieldTypeOptions, typeAttributesOf } from '../forms/field-attributes.ts';

/** A page field is reachable only when its page is (the page's owner, for one without 'View All Records'). */
export const pageParent: ParentRowRule = { key: 'PageId', table: 'pages', idField: 'PageId', ownerField: 'CreatedById' };
const pageGone = () => new HttpError(409, [{ PropertyName: 'PageId', ErrorMessage: 'The chosen page does not exist.', ErrorCode: 'NotFound' }]);

type Row = Record<string, unknown>;

/** Spec 2 'Page field': Url is Route with its first '/' replaced by '#'; no route, no Url. */
const urlOf = (route: unknown) => (typeof route === 'string' && route ? pageUrlOf(route) : null);

/**
 * Page fields (spec 2 "Page field screen", module PageField): the list of every page's fields, the record calls,
 * one page's fields in order for its Fields tab, and the field types with their attributes. A field names an
 * existing page and one of the field types form fields use; its attribute values are that type's, keyed by
 * attribute name and checked as a form field's are (server/modules/forms/field-attributes.ts).
 */
export default async function pageFieldRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('pagefields');
  const list = screen.list!;
  const access = { module: 'PageField' };
  const tags = ['pages'];
  const withPageName = (request: FastifyRequest) => app.db.from(withRowRule(app.db('page_fields as pf').join('pages as p', 'p.PageId', 'pf.PageId'), 'p.CreatedById', request.principal)
    .select('pf.*', { PageName: 'p.Name', Url: app.db.raw("regexp_replace(??, '/', '#')", ['pf.Route']) }).as('page_fields'));
  const rowSchema = { ...rowSchemaOf(pageFieldEntity), additionalProperties: true };

  app.get<{ Querystring: ListQuery }>(screen.api, {
    config: { access },
    schema: { tags, summary: 'Page fields of every page, paged, sorted and searched.', querystring: listQuerySchema, response: { 200: listResponseSchema(rowSchema) } },
  }, async (request) => runList(app.db, withPageName(request), listForUser(list, deniedFieldsOf(request.principal)), { idField: 'PageFieldId', activeField: 'IsActive', alwaysSelect: ['IsActive'] }, request.query));

  app.get<{ Params: { id: number } }>('/api/pages/:id/fields', {
    config: { access },
    schema: { tags, summary: "A page's fields in order (inactive ones too), for its Fields tab.", params: idParams, response: { 200: { type: 'array', items: rowSchema } } },
  }, async (request) => {
    if (!(await withRowRule(app.db('pages').where({ PageId: request.params.id }), 'CreatedById', request.principal).first('PageId'))) throw HttpError.of(404, 'This page does not exist.', null, 'NotFound');
    return withPageName(request).where('PageId', request.params.id).orderBy([{ column: 'SortOrder' }, { column: 'PageFieldId' }]).select('*');
  });

  // The form fields' type calls under this module: a page field administrator need not hold FormField.
  app.get(lowCodeApi.pageFieldTypes, {
    config: { access },
    schema: {
      tags, summary: 'The field types a page field may have (those of form fields).',
      response: { 200: { type: 'array', items: { type: 'object', properties: { Id: { type: 'string' }, Name: { type: 'string' }, UdfAllowed: { type: 'boolean' } } } } },
    },
  }, async () => fieldTypeOptions());

  app.get<{ Params: { type: string } }>(lowCodeApi.pageFieldTypeAttributes, {
    config: { access },
    schema: { tags, summary: "A field type's attributes (GET attributes by type): what an administrator sets on a page field of that type.", params: { type: 'object', properties: { type: { type: 'string', maxLength: 50 } } } },
  }, async (request) => typeAttributesOf(request.params.type));

  app.get(lowCodeApi.pageFieldLookupLists, {
    config: { access },
    schema: { tags, summary: "Every active lookup list ({ Id, Name }) by name, for a page field's select type's Lookup List attribute.", response: { 200: optionList } },
  }, async () => activeLookupLists(app.db));

  registerCrud(app, {
    screen,
    entity: pageFieldEntity as JsonSchema,
    table: 'page_fields',
    ownerField: 'CreatedById',
    parent: { ...pageParent, gone: pageGone },
    related: ['PageName', 'Url'],
    hooks: {
      toColumns: async (values, _mode, existing, trx) => {
        const type = String(values.FieldType ?? existing?.FieldType ?? '');
        // Typed as a form field is: one of the field types, with that type's attributes (unknown or wrong ones: 400).
        const attributes = checkedAttributes(type, existing?.AttributeValues as Row | undefined, values.AttributeValues);
        if ('PageId' in values && !(await trx('pages').where({ PageId: values.PageId }).first('PageId'))) {
          throw pageGone();
        }
        return { ...values, ...('Route' in values ? { Route: values.Route || null } : {}), AttributeValues: JSON.stringify(attributes) };
      },
      load: async (db, row) => ({ PageName: (await db('pages').where({ PageId: row.PageId }).first('Name'))?.Name ?? null, Url: urlOf(row.Route) }),
    },
  });
}
