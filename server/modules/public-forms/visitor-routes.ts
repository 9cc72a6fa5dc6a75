import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { honeypotField, publicFormApi, publicFormMessages, type PublicFormDefinition, type PublicFormSubmission } from '../../../engine/core/lowcode/public-forms.ts';
import { HttpError } from '../../lib/http-error.ts';
import { crudHandlers, type CrudHandlers } from '../../lib/crud/crud-handlers.ts';
import type { VisitorPrincipal } from '../../types.ts';
import { builtForm, type BuiltForm } from '../forms/built-forms.ts';
import { recordTableName } from '../forms/definition-sync.ts';
import { builtRecordColumns } from '../forms/record-values.ts';
import { offeredNames, publicFormByKey, requiredNotOffered, type StoredPublicForm } from './settings-store.ts';
import { visitorDefinition } from './visitor-definition.ts';
import { fillTokens } from './fill-token.ts';
import { limitKeyGuesses } from '../accounts/key-guess-limit.ts';
import { publicReadLimit } from '../public-pages/public-limits.ts';
import { sendRecordMails } from './notifications.ts';

type Row = Record<string, unknown>;
type Req = FastifyRequest<{ Params: { key: string } }>;

const tags = ['public forms'];
const params = { type: 'object', required: ['key'], properties: { key: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
const submissionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['Values', 'Token'],
  properties: {
    Values: { type: 'object', additionalProperties: true, description: "The offered fields' values, checked as the form's own create checks them." },
    Token: { type: 'string', maxLength: 1000, description: 'The fill token the definition gave.' },
    [honeypotField]: { type: 'string', maxLength: 2000, description: 'The hidden field people leave empty.' },
  },
} as const;

const notFound = () => HttpError.of(404, publicFormMessages.notFound, null, 'NotFound');

interface Published { stored: StoredPublicForm; built: BuiltForm; offered: string[] }

/**
 * The only calls open to a visitor of a public form (issue 32): its definition, and creating one record. Nothing here
 * reads a record, lists, changes a definition or reads a lookup beyond the options of the offered selects. A form
 * switched off, an unknown key, and a form a visitor could not complete (a required field not offered) answer alike.
 */
export default async function publicFormVisitorRoutes(app: FastifyInstance, options: { secret: string }) {
  const tokens = fillTokens(options.secret);
  const handlers = new WeakMap<BuiltForm, CrudHandlers>();

  /** The form at the key, else one not-found; an address failing as often as a sign-in may fail is refused (429), so keys cannot be guessed. */
  function published(request: Req, reply: FastifyReply): Promise<Published> {
    return limitKeyGuesses(app, request, reply, () => publishedAt(request));
  }

  async function publishedAt(request: Req): Promise<Published> {
    const stored = await publicFormByKey(app.db, request.params.key);
    const built = stored && (await builtForm(app.db, stored.FormId));
    if (!stored || !built || requiredNotOffered(built, stored.FieldIds).length) throw notFound();
    const offered = offeredNames(built, stored.FieldIds);
    if (!offered.length) throw notFound();
    return { stored, built, offered };
  }

  /**
   * The form's own record handlers (the same checks, field types, sanitising and audit as its create route) without an
   * owner or circle rule: the record has no owner and sits in the Default circle, as a record in no circle yet.
   */
  function handlersOf(built: BuiltForm): CrudHandlers {
    let found = handlers.get(built);
    if (!found) {
      found = crudHandlers(app, { screen: built.screen, entity: built.entity, table: recordTableName(built.form.FormId), hooks: { toColumns: builtRecordColumns(built) } });
      handlers.set(built, found);
    }
    return found;
  }

  /** Who writes a public form's record: no user (the audit's and the record's user ids stay empty), and every field not offered denied. */
  function visitor(built: BuiltForm, offered: string[]): VisitorPrincipal {
    const denied = Object.keys(built.entity.properties ?? {}).filter((name) => !offered.includes(name));
    return {
      Visitor: true, UserId: null, UserName: 'Public form', IsMaster: false,
      Access: { module: built.screen.module ?? '', viewAllRecords: false, deniedFields: denied, readOnlyFields: [] },
    };
  }

  app.get<{ Params: { key: string } }>(publicFormApi.visitor, {
    config: { access: 'public' },
    onRequest: publicReadLimit(app),
    schema: { tags, summary: 'What a visitor fills: the offered fields only (selects with their options), and a fill token.', params },
  }, async (request, reply): Promise<PublicFormDefinition> => {
    const { stored, built, offered } = await published(request, reply);
    reply.header('cache-control', 'no-store');
    return {
      Title: built.screen.title, Description: built.screen.description ?? null, ...(await visitorDefinition(app.db, built, offered)),
      Token: tokens.issue(built.form.FormId), Honeypot: stored.Honeypot,
    };
  });

  app.post<{ Params: { key: string }; Body: PublicFormSubmission }>(publicFormApi.visitor, {
    config: { access: 'public' },
    schema: { tags, summary: "Creates one record of the public form from the offered fields' values (nothing else is accepted).", params, body: submissionBody },
  }, async (request, reply) => {
    const { stored, built, offered } = await published(request, reply);
    const token = tokens.read(request.body.Token, built.form.FormId);
    const submissions = () => app.db('public_form_submissions');
    if (!token || (await submissions().where({ TokenNonce: token.nonce }).first('SubmissionId'))) throw HttpError.of(400, publicFormMessages.expired, null, 'FillToken');
    if (Date.now() - token.issuedAt < stored.MinFillSeconds * 1000) throw HttpError.of(400, publicFormMessages.tooQuick, null, 'TooQuick');
    const address = request.ip.slice(0, 64);
    if (stored.MaxPerHour > 0) {
      const [{ Count }] = await submissions().where({ FormId: built.form.FormId, Address: address })
        .where('CreatedDate', '>', app.db.raw("now() - interval '1 hour'")).count({ Count: '*' });
      if (Number(Count) >= stored.MaxPerHour) throw HttpError.of(429, publicFormMessages.tooMany, null, 'TooMany');
    }
    const values = request.body.Values as Row;
    const extra = Object.keys(values).filter((name) => !offered.includes(name));
    if (extra.length) throw new HttpError(400, extra.map((name) => ({ PropertyName: name, ErrorMessage: publicFormMessages.notOffered, ErrorCode: 'NotOffered' })));
    // The token is spent (and the response counted for the address) first, so two sends of one token cannot both be stored.
    const spent = await submissions().insert({ FormId: built.form.FormId, Address: address, TokenNonce: token.nonce }).onConflict('TokenNonce').ignore().returning('SubmissionId');
    if (!spent.length) throw HttpError.of(400, publicFormMessages.expired, null, 'FillToken');
    // A spent token older than a day is refused by its age anyway: its row is no longer needed.
    await submissions().where({ FormId: built.form.FormId }).where('CreatedDate', '<', app.db.raw("now() - interval '1 day'")).delete();
    const thanks = { Message: publicFormMessages.thanks };
    // A filled honeypot is a bot: it is told what a person is told (so it learns nothing to adapt to), and nothing is stored.
    if (stored.Honeypot && request.body[honeypotField]) return reply.status(201).send(thanks);
    let record: Row;
    try {
      request.visitor = visitor(built, offered);
      request.body = values as unknown as PublicFormSubmission;
      record = await handlersOf(built).createRecord!(request);
    } catch (error) {
      // A refused response (a field's check) does not spend the token: the visitor corrects it and sends it again.
      await submissions().where({ SubmissionId: (spent[0] as { SubmissionId: number }).SubmissionId }).delete();
      throw error;
    }
    await sendRecordMails(app, request.log, built, stored, offered, record);
    return reply.status(201).send(thanks);
  });
}
