import type { FastifyInstance, FastifyRequest } from 'fastify';
import clientError from '../../../metadata/entities/ClientError.json' with { type: 'json' };
import { HttpError } from '../../lib/http-error.ts';
import { exportCsv, runList, sendCsv, listResponseSchema, type ListOptions } from '../../lib/list/index.ts';
import { deniedFieldsOf, listForUser, maskRecord } from '../../lib/crud/record-access.ts';
import { clientErrorQuerySchema, clientErrorsFiltered, type ClientErrorQuery } from './client-error-query.ts';

const access = { module: 'ClientErrorLog' } as const;
const listOptions: ListOptions = { idField: 'ClientErrorId', nullableFields: ['Type', 'UserName'], searchApart: ['UserName'] };
const idParams = { type: 'object', required: ['ClientErrorId'], properties: { ClientErrorId: { type: 'integer', minimum: 1 } } } as const;
/** What the list answers: an entry without its stack trace (read one for it). */
const { StackTrace: _s, ...rowProperties } = clientError.properties;
const rowSchema = { ...clientError, properties: rowProperties };

/**
 * The client error log read back (screen clienterrorlog, module ClientErrorLog): what browsers posted to
 * /api/ErrorLog/LogMany, newest first, searchable by type, message, source and user, narrowed by kind and period.
 * Read-only: entries are written by browsers only. Fields a reader may not see are masked as on every screen.
 */
export default async function clientErrorReadRoutes(app: FastifyInstance) {
  const list = app.registry.screen('clienterrorlog').list!;
  const listNow = (request: FastifyRequest) => listForUser(list, deniedFieldsOf(request.principal));

  app.get<{ Querystring: ClientErrorQuery }>('/api/client-errors', {
    config: { access },
    schema: {
      tags: ['app'],
      summary: 'Client error log entries, newest first, paged; searchable by Type, Message, Source and User; filtered by type and period.',
      querystring: clientErrorQuerySchema,
      response: { 200: listResponseSchema(rowSchema) },
    },
  }, async (request) => {
    const { base, grid } = clientErrorsFiltered(app.db, request.query);
    return runList(app.db, base, listNow(request), listOptions, grid);
  });

  app.get<{ Querystring: ClientErrorQuery }>('/api/client-errors/export.csv', {
    config: { access },
    schema: {
      tags: ['app'],
      summary: "The error log list's current view (search, type, period, sort, visible columns) as CSV, streamed.",
      querystring: clientErrorQuerySchema,
      produces: ['text/csv'],
    },
  }, async (request, reply) => {
    const { base, grid } = clientErrorsFiltered(app.db, request.query);
    return sendCsv(reply, 'client-error-log', exportCsv(app.db, base, listNow(request), listOptions, grid));
  });

  app.get<{ Params: { ClientErrorId: number } }>('/api/client-errors/:ClientErrorId', {
    config: { access },
    schema: {
      tags: ['app'],
      summary: 'One entry of the client error log with its stack trace; 404 when there is none with this id.',
      params: idParams,
      response: { 200: clientError },
    },
  }, async (request) => {
    const entry = await app.db('client_errors as e').leftJoin('users as u', 'u.UserId', 'e.UserId')
      .where('e.ClientErrorId', request.params.ClientErrorId).first('e.*', 'u.UserName');
    if (!entry) throw HttpError.of(404, 'There is no entry with this id in the client error log.', 'ClientErrorId');
    return maskRecord(entry, deniedFieldsOf(request.principal));
  });
}
