import type { FastifyInstance } from 'fastify';
import outboxMail from '../../../metadata/entities/OutboxMail.json' with { type: 'json' };
import type { ListDefinition } from '../../../engine/core/screen-document.ts';
import { HttpError } from '../../lib/http-error.ts';
import { runList, listQuerySchema, listResponseSchema, type ListQuery } from '../../lib/list/index.ts';

/** The outbox list's columns: no screen document yet, so the grid's contract lives here. */
export const outboxList: ListDefinition = {
  columns: [
    { field: 'CreatedDate', label: 'Created', sortable: true, format: 'dateTime' },
    { field: 'ToAddress', label: 'To', sortable: true, searchable: true },
    { field: 'Subject', label: 'Subject', sortable: true, searchable: true },
  ],
  defaultSort: [{ field: 'CreatedDate', dir: 'desc' }],
  emptyMessage: 'No mail in the outbox.',
};

const access = { module: 'MailOutbox' } as const;

/** Mail kept in the database when no SMTP_URL is set, for administrators (module MailOutbox, role 1) to read. */
export default async function outboxRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery }>('/api/outbox', {
    config: { access },
    schema: {
      tags: ['mail'],
      summary: 'Mail in the outbox, newest first, paged; searchable by To and Subject. Bodies through GET /api/outbox/{OutboxId}.',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema({ ...outboxMail, required: [] }) },
    },
  }, async (request) => runList(app.db, app.db('outbox'), outboxList, { idField: 'OutboxId' }, request.query));

  app.get<{ Params: { OutboxId: number } }>('/api/outbox/:OutboxId', {
    config: { access },
    schema: {
      tags: ['mail'],
      summary: 'One mail of the outbox with its text and HTML bodies; 404 when there is none with this id.',
      params: { type: 'object', required: ['OutboxId'], properties: { OutboxId: { type: 'integer', minimum: 1 } } },
      response: { 200: outboxMail },
    },
  }, async (request) => {
    const mail = await app.db('outbox').where({ OutboxId: request.params.OutboxId }).first();
    if (!mail) throw HttpError.of(404, 'There is no mail with this id in the outbox.', 'OutboxId');
    return mail;
  });
}
