import type { FastifyInstance } from 'fastify';
import { lowCodeApi } from '../../../engine/core/lowcode/api.ts';
import { escapeLike } from '../../lib/list/search.ts';
import { maxSearchResults } from './lookups.ts';
import { optionQuerystring, splitIds, type LookupQuery } from './option-query.ts';
import { listOf } from './simple-lookup-store.ts';

/**
 * A simple lookup list's items as select options, for widgets whose `ui:options.source` is `simple-lookup-<tableId>`:
 * the same query and answer as the named lookups (routes.ts). The active items in the list's order; by ids,
 * inactive ones too (a value chosen before keeps its name).
 */
export default async function simpleLookupOptionRoutes(app: FastifyInstance) {
  app.get<{ Params: { tableId: number }; Querystring: LookupQuery }>(lowCodeApi.simpleLookupOptions, {
    config: { access: 'session' },
    preValidation: splitIds,
    schema: {
      tags: ['lookups'],
      summary: "A simple lookup list's active items as options ({ Id, Name }) in the list's order; by ids, inactive ones too.",
      params: { type: 'object', required: ['tableId'], properties: { tableId: { type: 'integer' } } },
      querystring: optionQuerystring,
      response: { 200: { type: 'array', items: { type: 'object', required: ['Id', 'Name'], properties: { Id: { type: 'integer' }, Name: { type: 'string' } } } } },
    },
  }, async (request) => {
    const { tableId } = request.params;
    await listOf(app.db, tableId);
    const { search, ids } = request.query;
    const q = app.db('simple_lookup_items').where('TableId', tableId)
      .orderBy([{ column: 'SortOrder' }, { column: 'SimpleLookupItemId' }])
      .select({ Id: 'SimpleLookupItemId', Name: 'Name' });
    if (ids) q.whereIn('SimpleLookupItemId', ids);
    else q.where('IsActive', true);
    if (search?.trim()) q.whereRaw('?? ilike ?', ['Name', `%${escapeLike(search.trim())}%`]).limit(maxSearchResults);
    return q;
  });
}
