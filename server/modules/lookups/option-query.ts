/** The query every option call takes (the named lookups and a simple lookup list's items alike). */
export interface LookupQuery { search?: string; ids?: number[] }

export const optionQuerystring = {
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

/** ids may come comma-separated; it is split before validation, so the schema takes it as a list. */
export async function splitIds(request: { query: unknown }): Promise<void> {
  const query = request.query as Record<string, unknown>;
  if (query.ids !== undefined) query.ids = idsOf(query.ids);
}
