import type { FastifyInstance } from 'fastify';
import user from '../../../metadata/entities/User.json' with { type: 'json' };
import accountMessage from '../../../metadata/entities/AccountMessage.json' with { type: 'json' };
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { screenForUser } from '../../lib/crud/record-access.ts';
import { bodyValidator } from '../../lib/crud/body-validator.ts';
import { checkedBody, documentedBody } from '../../lib/crud/form-body.ts';
import { composeFormSchema } from '../../../engine/core/forms/index.ts';
import { limitMailRequests } from '../accounts/mail-throttle.ts';
import { limitAccountLookups } from '../accounts/lookup-limit.ts';
import { startActivation } from '../accounts/account-users.ts';
import { isFreeFor } from './user-names.ts';
import { saveUserAccess } from './user-access.ts';
import { duplicateEmail, duplicateUserName, userColumns } from './routes.ts';

/** Spec 1 section 8, as given (two spaces after the full stop included). */
export const registeredMessage = 'Your account has been successfully registered.  An email has been sent with instructions on how to activate your account.';

/** The select source the self-registration form's Role field names (the browser maps it to the public call below). */
export const selfRegistrationRolesSource = 'selfRegistrationRoles';

type Ui = Record<string, Record<string, unknown>>;

/**
 * Fields of the create form only an administrator fills in: per-user overrides, the user's circles, and the First Sign-In choice with its
 * must-change flag (a visitor's account is verified by its activation e-mail, never by a choice on the form).
 */
const administratorsOnly = ['Permissions', 'SignInSetup', 'MustChangePassword', 'OwnerAtomicCircleId', 'AtomicCircleIds'];

/**
 * The users screen's create form as a visitor fills it in (spec 1 "Public routes": /user/create without a
 * module check): the same fields, rules and messages, without the administrator's fields (and without Role when no
 * role is offered), and without the uniqueness lookups, which are for signed-in users (the save still refuses a
 * name or address in use, with the same messages).
 */
export function selfRegistrationScreen(users: ScreenDocument, offerRoles: boolean): ScreenDocument {
  // Without those fields, and without the rules that name them.
  const form = screenForUser(users, administratorsOnly).form!;
  const fields = (form.fields.create ?? form.fields.update).filter((f) => offerRoles || f !== 'Role') as typeof form.fields.update;
  const uiSchema: Ui = {};
  for (const [field, entry] of Object.entries((form.uiSchema ?? {}) as Ui)) {
    if (!fields.includes(field)) continue;
    const { asyncValidator: _lookup, ...options } = (entry['ui:options'] ?? {}) as Record<string, unknown>;
    uiSchema[field] = { ...entry, 'ui:options': field === 'Role' ? { ...options, source: selfRegistrationRolesSource } : options };
  }
  const { readOnlyWhen: _r, deleteConfirm: _d, recordInfo: _i, ...rest } = form;
  return {
    ...users,
    title: 'Register',
    description: 'Create your account. We will email you a link to activate it.',
    module: null,
    api: '/api/users/register',
    routes: { create: '/user/create' },
    list: undefined,
    form: {
      ...rest, fields: { create: fields, update: fields }, uiSchema, buttonSets: { create: 'Create' }, promptOnAbandon: false,
      notices: { ...rest.notices, Create: { success: registeredMessage, error: 'Your account could not be registered.' } },
    },
  };
}

const roleOptions = {
  type: 'array',
  items: { type: 'object', required: ['Id', 'Name'], properties: { Id: { type: 'integer' }, Name: { type: 'string' } } },
} as const;

/**
 * Self-registration (spec 1 "Public routes", /user/create for a visitor who is not signed in): the roles a
 * visitor may choose, the form, and the call that creates the account. The account is created unverified and
 * its activation link is mailed; it gets no session. The same per-address limit as the other public account calls.
 */
export default async function selfRegistrationRoutes(app: FastifyInstance) {
  const users = app.registry.screen('users');
  const entity = user as JsonSchema;
  // Role is always checked (an empty list when no role is offered); the per-user overrides are never taken.
  const form = selfRegistrationScreen(users, true).form!;
  const check = bodyValidator(entity, form, 'create');
  const offered = () => app.db('roles').where({ IsActive: true, IsAvailSelfReg: true }).orderBy(['Name', 'RoleId']).select({ Id: 'RoleId', Name: 'Name' });

  app.get('/api/users/self-registration-roles', {
    config: { access: 'public' },
    schema: { tags: ['accounts'], summary: 'The roles a visitor may choose when registering: the active roles marked Available In Self Registration.', response: { 200: roleOptions } },
  }, async () => offered());

  app.get('/api/users/self-registration-form', {
    config: { access: 'public' },
    schema: {
      tags: ['accounts'],
      summary: "The self-registration form: the users screen's create form without the per-user overrides, and without Role when no role is offered ({Screen, Schema}, as /api/metadata/screens answers).",
    },
  }, async () => ({ Screen: selfRegistrationScreen(users, (await offered()).length > 0), Schema: entity }));

  app.post('/api/users/register', {
    config: { access: 'public' },
    schema: {
      tags: ['accounts'],
      summary: 'A visitor registers an account: it is created unverified and its activation link is mailed; no session.',
      description: [
        `201 {Message: '${registeredMessage}', UserName}.`,
        "Checked like the user create form (400 with the form's messages); Role: only roles offered in self-registration",
        "(400 'The role {id} is not available in self-registration.'), each with a place left under its User Count Limit;",
        `409 '${duplicateUserName}' / '${duplicateEmail}'; 429 after too many calls from one address.`,
      ].join(' '),
      body: documentedBody(composeFormSchema(entity, form.fields.create!, 'create')),
      response: { 201: accountMessage },
    },
  }, async (request, reply) => {
    await limitMailRequests(app, request, reply);
    // The 409 for a name or address in use tells that an account has it (the spec's message, kept): a lookup.
    await limitAccountLookups(app, request, reply);
    const { values } = checkedBody(check, entity, request.body);
    const userName = String(values.UserName).trim();
    const clashes = [];
    if (!(await isFreeFor(app.db, 'UserName', userName))) clashes.push({ PropertyName: 'UserName', ErrorMessage: duplicateUserName, ErrorCode: 'Unique' });
    if (!(await isFreeFor(app.db, 'EmailAddress', String(values.EmailAddress)))) clashes.push({ PropertyName: 'EmailAddress', ErrorMessage: duplicateEmail, ErrorCode: 'Unique' });
    if (clashes.length) throw new HttpError(409, clashes);
    const columns = await userColumns({ ...values, UserName: userName }, 'create', true);
    let userId: number;
    try {
      userId = await app.db.transaction(async (trx) => {
        const [created] = await trx('users').insert({ ...columns, CreatedBy: userName }).returning('UserId');
        const id = created.UserId as number;
        // A visitor who registers owns their record, as a user owns the ones they create.
        await trx('users').where({ UserId: id }).update({ CreatedById: id });
        await saveUserAccess(trx, { userId: id, roleIds: (values.Role as number[] | undefined) ?? [], active: true, selfRegistration: true });
        return id;
      });
    } catch (error) {
      // Two visitors taking one name at once: the unique index tells them apart.
      if ((error as { code?: string }).code === '23505') throw HttpError.of(409, duplicateUserName, 'UserName', 'Unique');
      throw error;
    }
    app.mailer.later(() => startActivation(app, userId));
    return reply.status(201).send({ Message: registeredMessage, UserName: userName });
  });
}
