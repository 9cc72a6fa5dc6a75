import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import { listQuerySchema, type ListQuery } from '../../lib/list/index.ts';

/** The three kinds of entry the browser sends (ui/api/error-log.ts); an HTTP error's type ends in its status. */
export const clientErrorKinds = ['Client Caught Exception', 'Client Logged Error', 'Client HTTP Error'] as const;
export type ClientErrorKind = (typeof clientErrorKinds)[number];

export const dateRangeMessage = 'The start of the date range must be before its end.';

/** The list query of the error log: the grid's, with a kind and a period (from inclusive, to exclusive). */
export interface ClientErrorQuery extends ListQuery {
  type?: ClientErrorKind;
  from?: string;
  to?: string;
}

export const clientErrorQuerySchema = {
  ...listQuerySchema,
  properties: {
    ...listQuerySchema.properties,
    type: { type: 'string', enum: [...clientErrorKinds], description: "A kind of entry; 'Client HTTP Error' takes every status." },
    from: { type: 'string', format: 'date-time', description: 'Entries written at or after this moment.' },
    to: { type: 'string', format: 'date-time', description: 'Entries written before this moment.' },
  },
} as const;

/**
 * Every entry with the name of the user who reported it (a derived table, so the list searches and sorts the name as
 * a column), narrowed to the kind and period asked for. The grid's own query is handed on without them.
 */
export function clientErrorsFiltered(db: Knex, { type, from, to, ...grid }: ClientErrorQuery): { base: Knex.QueryBuilder; grid: ListQuery } {
  if (from && to && !(Date.parse(from) < Date.parse(to))) throw HttpError.of(400, dateRangeMessage, 'from');
  const rows = db('client_errors as e').leftJoin('users as u', 'u.UserId', 'e.UserId').select('e.*', 'u.UserName');
  if (type === 'Client HTTP Error') rows.where('e.Type', 'like', 'Client HTTP Error %');
  else if (type) rows.where('e.Type', type);
  if (from) rows.where('e.CreatedDate', '>=', from);
  if (to) rows.where('e.CreatedDate', '<', to);
  return { base: db.from(rows.as('client_errors')), grid };
}
