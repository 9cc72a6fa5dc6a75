import type { FastifyInstance } from 'fastify';
import { escapeLike } from '../../lib/list/search.ts';
import { lookups, maxSearchResults, type LookupDefinition } from './lookups.ts';
import { optionQuerystring, splitIds, type LookupQuery } from './option-query.ts';
import lookupTableRoutes from './lookup-table-routes.ts';
import simpleLookupRoutes from './simple-lookup-routes.ts';
import simpleLookupOptionRoutes from './simple-lookup-options.ts';

function optionSchema(lookup: LookupDefinition) {
  const extra = Object.fromEntries((lookup.extra ?? []).map((c) => [c, { type: 'string' }]));
  return {
    type: 'array',
    items: { type: 'object', required: ['Id', 'Name'], properties: { Id: { type: 'integer' }, Name: { type: 'string' }, ...extra } },
  };
}

/**
 * Lookups for the widgets (spec 3 "Widget support": all countries, all states, phone number types), each
 * a list of {Id, Name}: whole, by search text (big-data selects) or by ids (names of values already chosen).
 * Also the Lookup Table Manager and Simple Lookups calls, and a simple lookup list's items as options.
 */
export default async function lookupRoutes(app: FastifyInstance) {
  for (const lookup of lookups) {
    app.get<{ Querystring: LookupQuery }>(`/api/lookups/${lookup.name}`, {
      config: { access: 'session' },
      preValidation: splitIds,
      schema: { tags: ['lookups'], summary: lookup.summary, querystring: optionQuerystring, response: { 200: optionSchema(lookup) } },
    }, async (request) => {
      const { search, ids } = request.query;
      const q = app.db(lookup.table)
        .select({ Id: lookup.idColumn, Name: 'Name' }, ...(lookup.extra ?? []))
        .orderBy((lookup.orderBy ?? ['SortOrder', 'Name']).map((column) => ({ column })));
      // By ids, an option retired since it was chosen still shows its name.
      if (ids) q.whereIn(lookup.idColumn, ids);
      else q.where('IsActive', true);
      if (search?.trim()) q.whereRaw('?? ilike ?', ['Name', `%${escapeLike(search.trim())}%`]).limit(maxSearchResults);
      return q;
    });
  }
  await app.register(simpleLookupOptionRoutes);
  await app.register(lookupTableRoutes);
  await app.register(simpleLookupRoutes);
}
