import type { FastifyInstance } from 'fastify';
import { escapeLike } from '../../lib/list/search.ts';
import { lookups, maxSearchResults, type LookupDefinition } from './lookups.ts';

interface LookupQuery { search?: string; ids?: number[] }

function optionSchema(lookup: LookupDefinition) {
  const extra = Object.fromEntries((lookup.extra ?? []).map((c) => [c, { type: 'string' }]));
  return {
    type: 'array',
    items: { type: 'object', required: ['Id', 'Name'], properties: { Id: { type: 'integer' }, Name: { type: 'string' }, ...extra } },
  };
}

const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 200, description: 'Only options whose name contains this text (case ignored).' },
    ids: { type: 'array', items: { type: 'integer' }, maxItems: 1000, description: 'Only these options (repeat the parameter, or separate by commas).' },
  },
} as const;

/** `ids=1,2` and `ids=1&ids=2` alike. */
function idsOf(value: unknown): number[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(',')).map(Number).filter(Number.isInteger);
}

/**
 * Lookups for the widgets (spec 3 "Widget support": all countries, all states, phone number types), each
 * a list of {Id, Name}: whole, by search text (big-data selects) or by ids (names of values already chosen).
 */
export default async function lookupRoutes(app: FastifyInstance) {
  for (const lookup of lookups) {
    app.get<{ Querystring: LookupQuery }>(`/api/lookups/${lookup.name}`, {
      config: { access: 'session' },
      // ids may come comma-separated; it is split here, so the schema takes it as text too.
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown>;
        if (query.ids !== undefined) query.ids = idsOf(query.ids);
      },
      schema: { tags: ['lookups'], summary: lookup.summary, querystring, response: { 200: optionSchema(lookup) } },
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
}
