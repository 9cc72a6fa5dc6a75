import type { Knex } from 'knex';
import { listLocks } from '../locks/list-locks.ts';
import type { FastifyInstance } from 'fastify';
import { recordListRevisions } from '../forms/definition-store.ts';
import lookupTable from '../../../metadata/entities/LookupTable.json' with { type: 'json' };
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { lowCodeApi } from '../../../engine/core/lowcode/api.ts';
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { HttpError } from '../../lib/http-error.ts';
import { runList, listQuerySchema, listResponseSchema, type ListOptions, type ListQuery } from '../../lib/list/index.ts';
import { registerCrud } from '../../lib/crud/register-crud.ts';
import { deniedFieldsOf, listForUser, withRowRule } from '../../lib/crud/record-access.ts';
import { listOwnerField } from './simple-lookup-store.ts';
import { circleAccessFor } from '../page-actions/store.ts';
import { fieldsUsingList, listInUseMessage } from './lookup-table-usage.ts';

export const duplicateListName = 'A record with the name {value} already exists.';
export const formGoneMessage = 'This form no longer exists.';

/** Every active lookup list as { Id, Name } by name: what a select type's Lookup List attribute chooses from. */
export const activeLookupLists = (db: Knex) => db('simple_lookup_tables').where('IsActive', true)
  .orderBy([{ column: 'DisplayName' }, { column: 'SimpleLookupTableId' }]).select({ Id: 'SimpleLookupTableId', Name: 'DisplayName' });

export const optionList = {
  type: 'array',
  items: { type: 'object', additionalProperties: false, required: ['Id', 'Name'], properties: { Id: { type: 'integer' }, Name: { type: 'string' } } },
} as const;

/**
 * The Lookup Table Manager (spec 2, module LookupTableManager, page id 19): the list, the record calls, and every
 * active list as options for a select field's list attribute. A list a form field uses cannot be deleted.
 */
export default async function lookupTableRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('lookuptables');
  const list = screen.list!;
  const listOptions: ListOptions = { idField: 'SimpleLookupTableId' };
  const access = { module: 'LookupTableManager' };

  app.get<{ Querystring: ListQuery }>(lowCodeApi.lookupTables, {
    config: { access: { ...access, pageId: list.pageId } },
    schema: {
      tags: ['lookuptables'],
      summary: 'Lookup lists, paged, sorted and searched over the columns the list declares (active and inactive).',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(rowSchemaOf(lookupTable)) },
    },
  }, async (request) =>
    runList(app.db, withRowRule(app.db('simple_lookup_tables'), listOwnerField, request.principal), listForUser(list, deniedFieldsOf(request.principal)), listOptions, request.query, {
      locks: await listLocks(app, request),
      circleAccess: () => circleAccessFor(app.db, request.principal!, list.pageId),
    }),
  );

  // The field editor offers these for a select field's list: holders of FormField read them.
  app.get(lowCodeApi.lookupTablesAll, {
    config: { access: { module: 'FormField' } },
    schema: { tags: ['lookuptables'], summary: "Every active lookup list ({ Id, Name }: its Display Name) by name, for a select field's list attribute.", response: { 200: optionList } },
  }, async () => activeLookupLists(app.db));

  registerCrud(app, {
    screen,
    entity: lookupTable as JsonSchema,
    table: 'simple_lookup_tables',
    ownerField: listOwnerField,
    unique: [{ field: 'SystemName', message: duplicateListName, caseInsensitive: true }],
    hooks: {
      toColumns: async (values, _mode, _existing, trx) => {
        // The select sends -1 for 'Please Select...' (spec 2: an Id of -1 or lower is no choice): no form.
        if (typeof values.FormId === 'number' && values.FormId <= 0) return { ...values, FormId: null };
        // A Form that does not exist is named, not a foreign key's 500.
        if (typeof values.FormId === 'number' && !(await trx('forms').where('FormId', values.FormId).first('FormId'))) {
          throw HttpError.of(400, formGoneMessage, 'FormId', 'NotFound');
        }
        return values;
      },
      // Renaming or retiring a list changes the selects of the forms that offer it: each gets a revision.
      afterWrite: async (trx, saved, _values, mode, request) => {
        if (mode === 'update') await recordListRevisions(trx, saved.SimpleLookupTableId as number, request.principal, `Changed the lookup list ${String(saved.DisplayName)}`);
      },
      // A list a form field offers is not deleted (its items would go with it, and the field would offer nothing).
      refuseDelete: async (trx, row) => {
        const uses = await fieldsUsingList(trx, row.SimpleLookupTableId as number);
        return uses.length ? listInUseMessage(String(row.DisplayName), uses) : null;
      },
    },
  });
}
