import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { composeFormSchema, type JsonSchema } from '../../../engine/core/forms/index.ts';
import { bodyValidator } from './body-validator.ts';
import { checkedBody, checkFieldFiles, documentedBody, readableRecord, requireFileChecker, screenAccess } from './form-body.ts';
import { lockQuerySchema } from './record-lock.ts';
import { claimVersion, readVersioned, type VersionedRecord } from './versioned-record.ts';

type Values = Record<string, unknown>;

export interface SingleRecordOptions<Ready> {
  screen: ScreenDocument;
  entity: JsonSchema;
  /** The one record the request is about (e.g. the signed-in user's own account), as the form shows it. */
  read(request: FastifyRequest): Promise<Values>;
  /**
   * Makes what a body refers to trustworthy before the form's check runs, e.g. a country's name taken from its Id
   * (the address rules tell the United States by name). May refuse (HttpError) a reference to nothing.
   */
  prepare?(body: Values): Promise<Values>;
  /** Slow or refusing work on the checked values before the transaction (checking a password, hashing a new one). */
  before?(request: FastifyRequest, values: Values, reply: FastifyReply): Promise<Ready>;
  /** Stores the checked values inside the write's one transaction, after the files they name were checked. */
  write(trx: Knex, request: FastifyRequest, values: Values, ready: Ready | undefined): Promise<void>;
  /** Where the record's lock and version are (the users row of one's own account), and which row is the request's. */
  versioned: { record: Omit<VersionedRecord, 'rights'>; id(request: FastifyRequest): number };
}

/**
 * The API of a screen's single route: GET {api} reads the record the server chooses for the signed-in user, POST
 * {api} saves the form's values (checked with the form's own schema, rules and file limits, as create and update
 * are) in one transaction and answers the record as it now is. Access is the screen's module, or any signed-in
 * user when it names none. The record has the lock lifecycle of every other (versioned-record.ts): GET {api}?lock=true
 * reads it for update, and POST needs its lock and the version read.
 */
export function registerSingleRecord<Ready = void>(app: FastifyInstance, options: SingleRecordOptions<Ready>): void {
  const { screen, entity, read, prepare, before, write, versioned } = options;
  const form = screen.form;
  if (!form || !screen.routes.single) throw new Error(`screen ${screen.id} has no single route with a form`);
  requireFileChecker(app, `registerSingleRecord(${screen.id})`);
  const access = screenAccess(screen.module);
  const { response } = readableRecord(entity);
  const check = bodyValidator(entity, form, 'update');
  const record: VersionedRecord = { ...versioned.record, rights: [access] };

  app.get(screen.api, {
    config: { access },
    schema: {
      tags: [screen.id], summary: `${screen.title}: the signed-in user's record; with lock=true, for update: takes its lock (see the recordlock* response headers).`,
      querystring: lockQuerySchema, response: { 200: response },
    },
  }, async (request, reply) => readVersioned(app, request, reply, record, versioned.id(request), () => read(request)));

  app.post<{ Body: Values }>(screen.api, {
    config: { access },
    schema: {
      tags: [screen.id],
      summary: `${screen.title}: save the whole record; needs its lock and the version read (recordlockid, recordversion); answers it as saved.`,
      body: documentedBody(composeFormSchema(entity, form.fields.update, 'update')),
      response: { 200: response },
    },
  }, async (request, reply) => {
    const checked = checkedBody(check, entity, prepare ? await prepare(request.body ?? {}) : request.body);
    const ready = before ? await before(request, checked.values, reply) : undefined;
    await app.db.transaction(async (trx) => {
      await claimVersion(trx, request, reply, record, versioned.id(request));
      await checkFieldFiles(app, trx, checked);
      await write(trx, request, checked.values, ready);
    });
    return read(request);
  });
}
