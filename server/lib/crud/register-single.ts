import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { composeFormSchema, type JsonSchema } from '../../../engine/core/forms/index.ts';
import { bodyValidator } from './body-validator.ts';
import { checkedValues, documentedBody, readableRecord, screenAccess } from './form-body.ts';

type Values = Record<string, unknown>;

export interface SingleRecordOptions {
  screen: ScreenDocument;
  entity: JsonSchema;
  /** The one record the request is about (e.g. the signed-in user's own account), as the form shows it. */
  read(request: FastifyRequest): Promise<Values>;
  /**
   * Makes what a body refers to trustworthy before the form's check runs, e.g. a country's name taken from its Id
   * (the address rules tell the United States by name). May refuse (HttpError) a reference to nothing.
   */
  prepare?(body: Values): Promise<Values>;
  /** Stores the checked values, all of them or none. */
  write(request: FastifyRequest, values: Values, reply: FastifyReply): Promise<void>;
}

/**
 * The API of a screen's single route: GET {api} reads the record the server chooses for the signed-in user, POST
 * {api} saves the form's values (checked with the form's own schema and rules, as create and update are) and
 * answers the record as it now is. Access is the screen's module, or any signed-in user when it names none.
 */
export function registerSingleRecord(app: FastifyInstance, options: SingleRecordOptions): void {
  const { screen, entity, read, prepare, write } = options;
  const form = screen.form;
  if (!form || !screen.routes.single) throw new Error(`screen ${screen.id} has no single route with a form`);
  const access = screenAccess(screen.module);
  const label = screen.title;
  const { response } = readableRecord(entity);
  const check = bodyValidator(entity, form, 'update');

  app.get(screen.api, {
    config: { access },
    schema: { tags: [screen.id], summary: `${label}: the signed-in user's record.`, response: { 200: response } },
  }, async (request) => read(request));

  app.post<{ Body: Values }>(screen.api, {
    config: { access },
    schema: {
      tags: [screen.id],
      summary: `${label}: save the whole record; answers it as saved.`,
      body: documentedBody(composeFormSchema(entity, form.fields.update, 'update')),
      response: { 200: response },
    },
  }, async (request, reply) => {
    const body = prepare ? await prepare(request.body ?? {}) : request.body;
    await write(request, checkedValues(check, entity, body), reply);
    return read(request);
  });
}
