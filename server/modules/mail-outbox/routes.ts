import type { FastifyInstance, FastifyRequest } from 'fastify';
import outboxMail from '../../../metadata/entities/OutboxMail.json' with { type: 'json' };
import { HttpError } from '../../lib/http-error.ts';
import { exportCsv, runList, sendCsv, listQuerySchema, listResponseSchema, type ListOptions, type ListQuery } from '../../lib/list/index.ts';
import { deniedFieldsOf, listForUser, maskRecord } from '../../lib/crud/record-access.ts';
import { readableMail } from './readable-mail.ts';

const access = { module: 'MailOutbox' } as const;
const listOptions: ListOptions = { idField: 'OutboxId' };
const idParams = { type: 'object', required: ['OutboxId'], properties: { OutboxId: { type: 'integer', minimum: 1 } } } as const;
/** What the list and its export answer: a mail's headers and outcome, never its bodies. */
const { TextBody: _t, HtmlBody: _h, BodyWithheld: _w, ...headerProperties } = outboxMail.properties;
const headers = { ...outboxMail, properties: headerProperties, required: [] };

/**
 * The mail outbox (screen mailoutbox, module MailOutbox): every mail the application wrote, newest first. Without
 * SMTP_URL it is kept here unsent, for administrators to read and follow its links; with it, recorded by headers and
 * outcome. Fields a reader may not see are masked as on every screen.
 */
export default async function mailOutboxRoutes(app: FastifyInstance) {
  const list = app.registry.screen('mailoutbox').list!;
  const listNow = (request: FastifyRequest) => listForUser(list, deniedFieldsOf(request.principal));

  app.get<{ Querystring: ListQuery }>('/api/outbox', {
    config: { access },
    schema: {
      tags: ['mail'],
      summary: 'Mail in the outbox, newest first, paged; searchable by To and Subject. Bodies through GET /api/outbox/{OutboxId}.',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(headers) },
    },
  }, async (request) => runList(app.db, app.db('outbox'), listNow(request), listOptions, request.query));

  app.get<{ Querystring: ListQuery }>('/api/outbox/export.csv', {
    config: { access },
    schema: {
      tags: ['mail'],
      summary: "The outbox list's current view (search, sort, visible columns) as CSV, streamed; headers only, never bodies.",
      querystring: listQuerySchema,
      produces: ['text/csv'],
    },
  }, async (request, reply) => sendCsv(reply, 'mail-outbox', exportCsv(app.db, app.db('outbox'), listNow(request), listOptions, request.query)));

  app.get<{ Params: { OutboxId: number } }>('/api/outbox/:OutboxId', {
    config: { access },
    schema: {
      tags: ['mail'],
      summary: 'One mail of the outbox with its text and HTML bodies; 404 when there is none with this id.',
      description: [
        'The bodies are empty, and BodyWithheld says why, for mail sent through the mail server (its body is not kept) and',
        'for mail carrying a sign-in, activation or password link of an account holding access the caller does not hold.',
      ].join(' '),
      params: idParams,
      response: { 200: outboxMail },
    },
  }, async (request) => {
    const mail = await app.db('outbox').where({ OutboxId: request.params.OutboxId }).first();
    if (!mail) throw HttpError.of(404, 'There is no mail with this id in the outbox.', 'OutboxId');
    return maskRecord(await readableMail(app.db, request.principal!, mail), deniedFieldsOf(request.principal));
  });
}
