import { listLocks } from '../locks/list-locks.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import user from '../../../metadata/entities/User.json' with { type: 'json' };
import type { UserPermission } from '../../../engine/core/access/types.ts';
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { runList, exportCsv, sendCsv, listQuerySchema, listResponseSchema, type ListOptions, type ListQuery } from '../../lib/list/index.ts';
import { circleGuard, listCircleGrants } from '../access/circle-guard.ts';
import { circleIdField } from '../../../engine/core/grid/actions.ts';
import { registerCrud } from '../../lib/crud/register-crud.ts';
import { deniedFieldsOf, listForUser, withRowRule } from '../../lib/crud/record-access.ts';
import { hashPassword } from '../../lib/password.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { endSessionsOfUser } from '../sessions/session-store.ts';
import { startActivation } from '../accounts/account-users.ts';
import { permissionsOf, roleIdsOf, saveUserAccess } from './user-access.ts';
import selfRegistrationRoutes from './self-registration.ts';
import activationAdminRoutes from './activation-admin-routes.ts';
import { udfColumnsOf, withUdfColumns } from '../../lib/list/udf-columns.ts';
import { lookupNameColumns } from '../lookups/lookup-name-columns.ts';
import { extendedScreen } from '../forms/reserved-forms.ts';
import { shapeUserRecordAnswers } from './record-answer.ts';
import { afterCredentialsWritten } from './credential-writes.ts';
import { emailChangeNotices } from '../accounts/email-change-notice.ts';
import { mailsActivation, signInColumns } from './sign-in-setup.ts';
import { confirmUnchangedEmail } from './confirm-email.ts';
import { checkUserCircles, saveUserCircles, userCircleIdsOf } from './user-circles.ts';

/** Who created a user: what 'View All Records' on RegisterUser is measured against. */
const ownerField = 'CreatedById';

export const duplicateUserName = 'An account with this User Name already exists in the system!';
export const duplicateEmail = 'An account with this Email Address already exists in the system!';
export const masterIsReadOnly = 'This is the master user, which cannot be edited or deleted.';

/**
 * The user's roles and overrides: no columns of users, written by saveUserAccess and read back with the user; and
 * CredentialsLocked, which the record's answer carries for the caller (shapeUserRecordAnswers).
 */
export const relatedFields = ['Role', 'Permissions', 'CredentialsLocked', 'AtomicCircleIds'];

/**
 * Form values as columns: the password becomes its hash, confirmations are not stored. On create, the administrator's
 * First Sign-In choice decides whether the account is verified now and whether its password must be changed at the
 * first sign-in (sign-in-setup.ts); a self-registered account chose its password itself (`ownPassword`) and is verified
 * by its activation e-mail.
 */
export async function userColumns(values: Record<string, unknown>, mode: 'create' | 'update', ownPassword = false) {
  const {
    Password, ConfirmPassword: _cp, ConfirmEmailAddress: _ce, Role: _r, Permissions: _p, MustChangePassword: _m, CredentialsLocked: _l,
    SignInSetup: _s, AtomicCircleIds: _c, ...columns
  } = values;
  const hasPassword = typeof Password === 'string' && Password !== '';
  if (mode === 'create') {
    Object.assign(columns, ownPassword ? { MustChangePassword: !hasPassword, IsVerified: false } : signInColumns(values));
  }
  // A password an administrator sets on update is known to them too: the user chooses their own at the next sign-in.
  if (mode === 'update' && hasPassword) columns.MustChangePassword = true;
  if (hasPassword) {
    await refuseCommonPassword(Password, 'Password');
    Object.assign(columns, { PasswordHash: await hashPassword(Password), PasswordLastChangedDate: new Date() });
  }
  return columns;
}

export default async function userRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('users');
  const list = screen.list!;
  const rowSchema = rowSchemaOf(user);
  // IsMaster rides along for the list's action columns: the master user's row hides Delete; the circle, for its row actions.
  const listOptions: ListOptions = { idField: 'UserId', activeField: 'IsActive', alwaysSelect: ['IsActive', 'IsMaster', circleIdField] };
  const usersAccess = { pageId: list.pageId ?? 0, moduleName: 'RegisterUser', screenId: screen.id };
  // The users a request may list: all of them with 'View All Records', otherwise those the user created and those whose
  // owner circle is one of the user's. Read as 'records' (the name withUdfColumns gives its derived table), so select
  // names address either alike; the owner circle is also AtomicCircleId, the column the grid's row actions go by.
  const usersOf = (request: FastifyRequest) => withRowRule(
    app.db.from(app.db.raw('(select users.*, users.owner_atomic_circle_id as atomic_circle_id from users) as records')), ownerField, request.principal, circleIdField);
  // The list as it is now: with the UDFs an administrator added to the users' form as columns to choose.
  const extend = (db: Knex) => extendedScreen(db, screen, user as JsonSchema);
  async function listNow(request: FastifyRequest) {
    const now = await extend(app.db);
    const listed = listForUser(now.screen.list!, deniedFieldsOf(request.principal));
    const udfs = udfColumnsOf(listed, now.entity);
    // A UDF may be absent from a row (NULL), and is searched on its own beside the shipped columns' joined text.
    const udfFields = udfs.map((u) => u.field);
    return {
      list: listed,
      rows: withUdfColumns(app.db, usersOf(request), udfs),
      options: { ...listOptions, nullableFields: udfFields, searchApart: udfFields, ...lookupNameColumns(app.db, listed, now.entity, 'records') },
    };
  }

  app.get<{ Querystring: ListQuery }>('/api/users', {
    config: { access: { module: 'RegisterUser', pageId: list.pageId } },
    schema: {
      tags: ['users'],
      summary: 'Users, paged, sorted and searched over the columns the user list declares.',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema({ ...rowSchema, additionalProperties: true }) },
    },
  }, async (request) => {
    const now = await listNow(request);
    return runList(app.db, now.rows, now.list, now.options, request.query, {
      locks: await listLocks(app, request),
      circleAccess: async (rows) => listCircleGrants(app.db, request, usersAccess, (await rows()).map((row) => Number(row[circleIdField]))),
    });
  });

  app.get<{ Querystring: ListQuery }>('/api/users/export.csv', {
    config: { access: { module: 'RegisterUser' } },
    schema: {
      tags: ['users'],
      summary: "The user list's current view (search, inactive toggle, sort, visible columns) as CSV, streamed; paging is ignored.",
      querystring: listQuerySchema,
      produces: ['text/csv'],
    },
  }, async (request, reply) => {
    const now = await listNow(request);
    return sendCsv(reply, 'users', exportCsv(app.db, now.rows, now.list, now.options, request.query));
  });

  app.get('/api/users/active-emails', {
    config: { access: { module: 'RegisterUser' } },
    schema: {
      tags: ['users'],
      summary: "The active users' e-mail addresses, comma-delimited, for 'Email Active Users' (a mailto: with them in bcc).",
      description: "text/plain: each address once (case ignored), in order. Without 'View All Records' on RegisterUser: only the users the caller created.",
      produces: ['text/plain'],
    },
  }, async (request, reply) => {
    const rows: Array<{ EmailAddress: string }> = await usersOf(request).where({ IsActive: true })
      .select(app.db.raw('min(email_address) as email_address')).groupByRaw('lower(email_address)').orderByRaw('lower(email_address)');
    return reply.type('text/plain; charset=utf-8').send(rows.map((r) => r.EmailAddress).join(','));
  });

  // Users made by the create call are mailed their activation link once the save has committed.
  const activateAfterCreate = new WeakMap<FastifyRequest, number>();
  app.addHook('onResponse', async (request, reply) => {
    const userId = activateAfterCreate.get(request);
    if (userId !== undefined && reply.statusCode === 201) app.mailer.later(() => startActivation(app, userId));
  });

  // The create's answer too (201): a new user's circles are shown only to holders of their module.
  shapeUserRecordAnswers(app, ['/api/users', '/api/users/:id', '/api/users/:id/deactivate'], screen.form?.fieldModules);
  confirmUnchangedEmail(app, '/api/users/:id');
  const announceEmailChange = emailChangeNotices(app);

  registerCrud(app, {
    screen,
    entity: user as JsonSchema,
    extend,
    table: 'users',
    ownerField,
    circles: circleGuard(app, 'OwnerAtomicCircleId', () => usersAccess),
    related: relatedFields,
    unique: [
      { field: 'UserName', message: duplicateUserName, caseInsensitive: true },
      { field: 'EmailAddress', message: duplicateEmail, caseInsensitive: true },
    ],
    hooks: {
      refuseChange: (row) => (row.IsMaster ? masterIsReadOnly : null),
      toColumns: async (values, mode, existing, trx) => {
        await checkUserCircles(trx, values, existing);
        return userColumns(values, mode);
      },
      afterWrite: async (trx, saved, values, mode, request, existing) => {
        const userId = saved.UserId as number;
        if (mode === 'update' && existing) await afterCredentialsWritten(trx, request, existing, saved, values, announceEmailChange);
        await saveUserAccess(trx, {
          userId,
          roleIds: values.Role as number[] | undefined,
          permissions: values.Permissions as UserPermission[] | undefined,
          active: saved.IsActive !== false,
          // Made active again: every role they hold takes a place again.
          reactivated: mode === 'update' && existing?.IsActive === false,
        });
        await saveUserCircles(trx, saved, values, mode, request.principal!);
        if (mode === 'create' && mailsActivation(values)) activateAfterCreate.set(request, userId);
      },
      load: async (db, row) => ({
        Role: await roleIdsOf(db, row.UserId as number), Permissions: await permissionsOf(db, row.UserId as number), AtomicCircleIds: await userCircleIdsOf(db, row.UserId as number),
      }),
      // A deactivated user is signed out everywhere at once; made active again, they sign in afresh.
      afterDeactivate: async (trx, saved) => {
        await endSessionsOfUser(trx, saved.UserId as number, 'terminated');
      },
    },
  });

  await app.register(selfRegistrationRoutes);
  await app.register(activationAdminRoutes);
}
