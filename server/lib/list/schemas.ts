/** The most rows one list page answers: every list is read a page at a time, never whole. */
export const maxPageSize = 1000;

export const pageSizeMessage = `Page size must be a whole number from 1 to ${maxPageSize}.`;

export const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: maxPageSize, default: 50, title: 'Page size' },
    q: { type: 'string', maxLength: 200, default: '' },
    sorts: { type: 'string', maxLength: 500, default: '' },
    cols: { type: 'string', maxLength: 2000, default: '' },
    includeInactive: { type: 'boolean', default: false },
    after: { type: 'string', maxLength: 4000 },
    before: { type: 'string', maxLength: 4000 },
    last: { type: 'boolean' },
    pageId: { type: 'integer' },
  },
} as const;

export function listResponseSchema(item: Record<string, unknown>) {
  const cursor = { type: ['string', 'null'] };
  return {
    type: 'object',
    required: ['Items', 'TotalCount', 'TotalCountIsEstimate', 'CircleAccess', 'Cursors'],
    properties: {
      Items: { type: 'array', items: item },
      TotalCount: { type: 'integer' },
      TotalCountIsEstimate: { type: 'boolean' },
      CircleAccess: {
        type: 'array',
        items: { type: 'object', properties: { Key: { type: 'integer' }, Value: { type: 'string' } } },
      },
      Cursors: { type: 'object', properties: { First: cursor, Last: cursor } },
    },
  };
}
