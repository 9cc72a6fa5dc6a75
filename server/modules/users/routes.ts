import type { FastifyInstance, FastifyRequest } from 'fastify';
import user from '../../../metadata/entities/User.json' with { type: 'json' };
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { runList, exportCsv, sendCsv, listQuerySchema, listResponseSchema, type ListOptions, type ListQuery } from '../../lib/list/index.ts';
import { circleAccessFor } from '../page-actions/store.ts';
import { registerCrud } from '../../lib/crud/register-crud.ts';
import { deniedFieldsOf, listForUser, withRowRule } from '../../lib/crud/record-access.ts';

/** Who created a user: what 'View All Records' on RegisterUser is measured against. */
const ownerField = 'CreatedById';
import { hashPassword } from '../../lib/password.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';

export const duplicateUserName = 'An account with this User Name already exists in the system!';
export const duplicateEmail = 'An account with this Email Address already exists in the system!';
export const masterIsReadOnly = 'This is the master user, which cannot be edited or deleted.';

/** Form values as columns: the password becomes its hash, confirmations are not stored. */
async function userColumns(values: Record<string, unknown>, mode: 'create' | 'update') {
  const { Password, ConfirmPassword: _cp, ConfirmEmailAddress: _ce, ...columns } = values;
  if (mode === 'create') {
    // An account created without a password is activated from e-mail; either way the user sets their own.
    Object.assign(columns, { MustChangePassword: true });
    if (typeof Password === 'string' && Password) Object.assign(columns, { PasswordHash: await hashPassword(Password), PasswordLastChangedDate: new Date() });
  }
  return columns;
}

export default async function userRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('users');
  const list = screen.list!;
  const rowSchema = rowSchemaOf(user);
  // IsMaster rides along for the list's action columns: the master user's row hides Delete.
  const listOptions: ListOptions = { idField: 'UserId', activeField: 'IsActive', alwaysSelect: ['IsActive', 'IsMaster'] };
  // The users a request may list: all of them with 'View All Records', otherwise those the user created.
  const usersOf = (request: FastifyRequest) => withRowRule(app.db('users'), ownerField, request.principal);

  app.get<{ Querystring: ListQuery }>('/api/users', {
    config: { access: { module: 'RegisterUser', pageId: list.pageId } },
    schema: {
      tags: ['users'],
      summary: 'Users, paged, sorted and searched over the columns the user list declares.',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(rowSchema) },
    },
  }, async (request) =>
    runList(app.db, usersOf(request), listForUser(list, deniedFieldsOf(request.principal)), listOptions, request.query, {
      circleAccess: () => circleAccessFor(app.db, request.principal!, list.pageId),
    }),
  );

  app.get<{ Querystring: ListQuery }>('/api/users/export.csv', {
    config: { access: { module: 'RegisterUser' } },
    schema: {
      tags: ['users'],
      summary: "The user list's current view (search, inactive toggle, sort, visible columns) as CSV, streamed; paging is ignored.",
      querystring: listQuerySchema,
      produces: ['text/csv'],
    },
  }, async (request, reply) => sendCsv(reply, 'users', exportCsv(app.db, usersOf(request), listForUser(list, deniedFieldsOf(request.principal)), listOptions, request.query)));

  registerCrud(app, {
    screen,
    entity: user as JsonSchema,
    table: 'users',
    ownerField,
    unique: [
      { field: 'UserName', message: duplicateUserName, caseInsensitive: true },
      { field: 'EmailAddress', message: duplicateEmail, caseInsensitive: true },
    ],
    hooks: {
      refuseChange: (row) => (row.IsMaster ? masterIsReadOnly : null),
      toColumns: userColumns,
    },
  });
}
