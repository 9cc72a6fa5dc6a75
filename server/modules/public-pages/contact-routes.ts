import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import type { Principal } from '../../types.ts';
import { formRecordHandlers } from '../forms/form-record-handlers.ts';
import { contactMails, contactScreen, contactValues, contactWriter, drawnToken, secondsSinceDrawn } from './contact-form.ts';
import { publicPostLimit, publicReadLimit } from './public-limits.ts';
import { shippedForm } from './shipped-forms.ts';

const tags = ['public pages'];
const unavailable = () => HttpError.of(404, 'The contact form is not available at the moment.', null, 'NotFound');
/** Refused sends name no rule: a bot learns nothing from the answer of what gave it away. */
const notSent = () => HttpError.of(400, 'Your message could not be sent. Please reload the page and try again.', null, 'NotSent');

/** Who a visitor's record is written as: no user, no access beyond the form's create (the values are the page's fields). */
const visitor: Principal = { SessionId: '', InstanceId: '', UserId: null as unknown as number, UserName: contactWriter, IsMaster: false };

interface SendBody { Values: Record<string, unknown>; Token: string; Website?: string }

/**
 * /customercare/contactus (spec 1 section 2, no sign-in): the shipped Contact Messages form drawn by the form engine,
 * and a send that stores the record through the form's own create (its rules, its audit), then e-mails the client
 * settings' contact address and the sender. Bots are kept out without a third party: a honeypot field people do not
 * see, a minimum time between drawing the form and sending it, and a limit per address.
 */
export default async function contactRoutes(app: FastifyInstance) {
  app.get('/api/public/contact', {
    config: { access: 'public' },
    onRequest: publicReadLimit(app),
    schema: { tags, summary: "The contact form to draw (its fields' schema and widgets) and the token its send returns." },
  }, async () => {
    const form = await shippedForm(app.db, 'Contact Messages');
    if (!form?.built.screen.form?.fields.create?.length) throw unavailable();
    return { ...contactScreen(form), Token: await drawnToken(app.db, 'Contact Messages') };
  });

  app.post<{ Body: SendBody }>('/api/public/contact', {
    config: { access: 'public' },
    onRequest: publicPostLimit(app),
    schema: {
      tags, summary: "Sends a visitor's message: stored as a Contact Messages record (the form's rules), e-mailed to the contact address, confirmed to the sender.",
      body: {
        type: 'object', additionalProperties: false, required: ['Values', 'Token'],
        properties: {
          Values: { type: 'object', maxProperties: 100 },
          Token: { type: 'string', maxLength: 2000 },
          Website: { type: 'string', maxLength: 2000, description: 'The honeypot: people do not see it, so it stays empty.' },
        },
      },
      response: { 201: { type: 'object', additionalProperties: false, properties: { Sent: { type: 'boolean' } } } },
    },
  }, async (request, reply) => {
    const { Values, Token, Website } = request.body;
    if (Website?.trim()) throw notSent();
    if (await secondsSinceDrawn(app.db, 'Contact Messages', Token) < app.config.contactMinFillSeconds) throw notSent();
    const form = await shippedForm(app.db, 'Contact Messages');
    const createRecord = form && formRecordHandlers(app, form.built).createRecord;
    if (!form || !createRecord) throw unavailable();
    // The form's own create checks and stores the values, as an administrator's create of the record would; the stored
    // record is for the e-mails, while the visitor is told only that it went.
    request.body = contactValues(form, Values) as never;
    request.principal = visitor;
    const record = await createRecord(request);
    const settings = await app.db('client_settings').first('ContactEmailAddress');
    const mails = contactMails(form, record, settings?.ContactEmailAddress ?? null, app.config.publicUrl);
    if (!mails.notice) request.log.warn('a contact message was stored, but the client settings have no Contact Email Address to send it to');
    app.mailer.later(async () => {
      if (mails.notice) await app.mailer.send(mails.notice);
      await app.mailer.send(mails.confirmation);
    });
    return reply.status(201).send({ Sent: true });
  });
}
