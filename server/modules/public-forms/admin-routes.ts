import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { contactFormKey, notifyTargets, publicFormApi, publicFormLimits, publicFormMessages, type PublicFormChange, type PublicFormSettings } from '../../../engine/core/lowcode/public-forms.ts';
import { HttpError } from '../../lib/http-error.ts';
import { noValuesBody } from '../../lib/crud/form-body.ts';
import { formToChange } from '../forms/definition-store.ts';
import { builtForm, type BuiltForm } from '../forms/built-forms.ts';
import { formIdParams } from '../forms/schemas.ts';
import { checkChange, renewPublicKey, savePublicForm, settingsView, storedPublicForm } from './settings-store.ts';

type Req = FastifyRequest<{ Params: { id: number } }>;

const tags = ['public forms'];
const read = { module: 'FormManagement' };
const change = { module: 'FormManagement', route: 'forms.update' };

const changeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['IsPublic', 'FieldIds', 'Honeypot', 'MinFillSeconds', 'MaxPerHour', 'NotifyTo', 'NotifyAddress', 'ConfirmFieldId'],
  properties: {
    IsPublic: { type: 'boolean' },
    FieldIds: { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1 } },
    Honeypot: { type: 'boolean', description: 'Draw a hidden field people leave empty: a response with it filled is taken as a bot and not stored.' },
    MinFillSeconds: { type: 'integer', minimum: 0, maximum: publicFormLimits.maxMinFillSeconds, description: 'A response sent sooner after the page was opened is refused (0: off).' },
    MaxPerHour: { type: 'integer', minimum: 0, maximum: publicFormLimits.maxPerHour, description: 'Responses accepted per sender address per hour (0: no limit).' },
    NotifyTo: { type: 'string', enum: notifyTargets, description: "Who is e-mailed a new record's offered fields: no one, the client settings' contact address (as it stands then), or NotifyAddress." },
    NotifyAddress: { type: ['string', 'null'], format: 'email', maxLength: 254, description: "The address notified when NotifyTo is 'address'." },
    ConfirmFieldId: { type: ['integer', 'null'], minimum: 1, description: 'An offered e-mail field: the visitor is sent a confirmation there that repeats nothing they typed.' },
  },
} as const;

/**
 * Form Management's calls about a form's public address (issue 32): its settings, and a new key. The form is reached
 * as its other children are (formToChange: one the row rule hides answers as one that does not exist).
 */
export default async function publicFormAdminRoutes(app: FastifyInstance) {
  /** The form as a built form that can have a public address; 409 for a reserved (built-in) or inactive form. */
  async function publishable(db: Knex, request: Req): Promise<BuiltForm> {
    await formToChange(db, request.params.id, { principal: request.principal });
    const built = await builtForm(app.db, request.params.id);
    if (!built) throw HttpError.of(409, 'Only an active form with records of its own can be published to the public.', null, 'NotPublishable');
    return built;
  }
  const view = async (db: Knex, built: BuiltForm): Promise<PublicFormSettings> => settingsView(built, await storedPublicForm(db, built.form.FormId));

  app.get<{ Params: { id: number } }>(publicFormApi.settings, {
    config: { access: read },
    schema: { tags, summary: "The form's public settings (whether it is public, its key, the fields offered, its limits) and its fields.", params: formIdParams },
  }, async (request) => view(app.db, await publishable(app.db, request)));

  app.post<{ Params: { id: number }; Body: PublicFormChange }>(publicFormApi.settings, {
    config: { access: change },
    schema: { tags, summary: 'Saves the public settings; publishing refuses a form whose required field visitors are not offered.', params: formIdParams, body: changeBody },
  }, async (request) => {
    const built = await publishable(app.db, request);
    checkChange(built, request.body);
    await app.db.transaction((trx) => savePublicForm(trx, built.form.FormId, request.body, request.principal!.UserName));
    return view(app.db, built);
  });

  app.post<{ Params: { id: number } }>(publicFormApi.newKey, {
    config: { access: change },
    schema: { tags, summary: 'Gives the form a new public address: the old one answers not-found from now on.', params: formIdParams, body: noValuesBody },
  }, async (request) => {
    const built = await publishable(app.db, request);
    // /customercare/contactus draws the form of the contact key: renewed, the page would lose its form.
    if ((await storedPublicForm(app.db, built.form.FormId))?.PublicKey === contactFormKey) throw HttpError.of(409, publicFormMessages.contactKeyKept, null, 'ContactKeyKept');
    await app.db.transaction((trx) => renewPublicKey(trx, built.form.FormId, request.principal!.UserName));
    return view(app.db, built);
  });
}
