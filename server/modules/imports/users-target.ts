import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import user from '../../../metadata/entities/User.json' with { type: 'json' };
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { UDF_KEYWORD } from '../../../engine/core/lowcode/compose-form.ts';
import { bodyValidator } from '../../lib/crud/body-validator.ts';
import { sanitizeRichTextValues } from '../../lib/rich-text.ts';
import { extendedScreen } from '../forms/reserved-forms.ts';
import { startActivation } from '../accounts/account-users.ts';
import { duplicateEmail, duplicateUserName, userColumns } from '../users/routes.ts';
import { saveUserAccess } from '../users/user-access.ts';
import { signInSetups } from '../users/sign-in-setup.ts';
import { cellConverters, importableTypes, type CellConverter } from './convert.ts';
import { splitUdfValues, type ImportTarget } from './target.ts';

type Row = Record<string, unknown>;

/** The users' job target (the users screen's id, as a built form's is 'form-<id>'). */
export const usersTargetId = 'users';

/**
 * Fields of the create form a file does not fill: passwords are never imported (an imported user chooses their own
 * through the activation e-mail), the confirmation is the address itself, and per-user overrides are no cell.
 */
const notImported = new Set(['Password', 'ConfirmPassword', 'ConfirmEmailAddress', 'SignInSetup', 'MustChangePassword', 'Permissions']);

export const userImportMessages = {
  noSuchRole: (name: string) => `The role ${name} does not exist or is inactive.`,
  againInFile: (label: string, row: number) => `This ${label} is already in row ${row} of the file.`,
};

/** Active roles by name, case ignored (as the roles' names are compared when they are saved). */
async function rolesByName(db: Knex): Promise<Map<string, number>> {
  const rows: Array<{ RoleId: number; Name: string }> = await db('roles').where({ IsActive: true }).select('RoleId', 'Name');
  return new Map(rows.map((r) => [r.Name.trim().toLowerCase(), r.RoleId]));
}

/** A cell of role names (several separated by ';' or ',') as role ids: every name must be an active role. */
function roleConverter(roles: Map<string, number>): CellConverter {
  return (text) => {
    const names = text.split(/[;,]/).map((n) => n.trim()).filter((n) => n !== '');
    if (!names.length) return {};
    const unknown = names.find((n) => !roles.has(n.toLowerCase()));
    if (unknown) return { error: { PropertyName: 'Role', ErrorMessage: userImportMessages.noSuchRole(unknown), ErrorCode: 'Role' } };
    return { value: [...new Set(names.map((n) => roles.get(n.toLowerCase())!))] };
  };
}

/** The unique fields of a user, with the create call's messages (users/routes.ts), case ignored. */
const uniqueFields = [
  { field: 'UserName', column: 'user_name', message: duplicateUserName, label: 'User Name' },
  { field: 'EmailAddress', column: 'email_address', message: duplicateEmail, label: 'Email Address' },
] as const;

/**
 * The users as an import's target (issue 29): a row is checked as the create-user call checks its body (the users'
 * create form with its UDFs, rules and messages; user name and e-mail address unique, case ignored, against the users
 * and the file's earlier rows; roles by name), and written as that call writes a user who is sent the activation
 * e-mail: no password, unverified (userColumns), roles through saveUserAccess, the e-mail once committed.
 */
export async function usersTarget(app: FastifyInstance, db: Knex): Promise<ImportTarget> {
  const { screen, entity } = await extendedScreen(db, app.registry.screen('users'), user as JsonSchema);
  const form = screen.form!;
  const properties = (entity.properties ?? {}) as Record<string, Row>;
  const fields = [...(form.fields.create ?? form.fields.update), 'IsActive'].flatMap((field) => {
    const property = properties[field];
    if (!property || property.readOnly || notImported.has(field)) return [];
    if (property[UDF_KEYWORD] && !importableTypes.has(property['x-fieldType'] as string)) return [];
    return [{ Field: field, Title: String(property.title ?? field) }];
  });
  // Is Active is no field of the create form: read as a Yes/No cell, written beside the checked values.
  const typed = { ...entity, properties: { ...properties, IsActive: { ...properties.IsActive, 'x-fieldType': 'yesNo' } } } as JsonSchema;
  return {
    id: usersTargetId, label: 'Users', fields, fieldModules: form.fieldModules,
    aliases: { email: 'EmailAddress', emailaddress: 'EmailAddress', roles: 'Role', active: 'IsActive' },
    async checker(trx, mapping) {
      const roles = roleConverter(await rolesByName(trx));
      const converters = await cellConverters(trx, typed, (form.uiSchema ?? {}) as Row, mapping.map((m) => m.Field).filter((f) => f !== 'Role'));
      const check = bodyValidator(entity, form, 'create');
      const seen = new Map<string, Map<string, number>>(uniqueFields.map((u) => [u.field, new Map()]));
      return async (row) => {
        const body: Row = {};
        const errors: ErrorItem[] = [];
        for (const { Column, Field } of mapping) {
          const text = row.cells[Column] ?? '';
          if (Field === 'IsActive' && text.trim() === '') continue;
          const converted = (Field === 'Role' ? roles : converters.get(Field)!)(text);
          if (converted.error) errors.push(converted.error);
          else if (converted.value !== undefined) body[Field] = converted.value;
        }
        // The create form copies the e-mail address into an empty user name (users.json rules).
        if (body.UserName === undefined && typeof body.EmailAddress === 'string') body.UserName = body.EmailAddress;
        const checked = check({ ...body, ConfirmEmailAddress: body.EmailAddress, SignInSetup: signInSetups.activationEmail });
        for (const e of checked.errors) {
          if (e.PropertyName !== 'ConfirmEmailAddress' && !errors.some((x) => x.PropertyName === e.PropertyName)) errors.push(e);
        }
        for (const u of uniqueFields) {
          const value = body[u.field];
          if (typeof value !== 'string' || errors.some((x) => x.PropertyName === u.field)) continue;
          const earlier = seen.get(u.field)!.get(value.toLowerCase());
          if (earlier !== undefined) errors.push({ PropertyName: u.field, ErrorMessage: userImportMessages.againInFile(u.label, earlier), ErrorCode: 'Unique' });
          else if (await trx('users').whereRaw('lower(??) = lower(?)', [u.column, value]).first('UserId')) {
            errors.push({ PropertyName: u.field, ErrorMessage: u.message, ErrorCode: 'Unique' });
          }
        }
        if (errors.length) return { errors };
        // Only a row that will be written holds its names against later rows (a skipped row takes nothing).
        for (const u of uniqueFields) seen.get(u.field)!.set(String(body[u.field]).toLowerCase(), row.number);
        return { values: { ...sanitizeRichTextValues(entity, checked.values), IsActive: body.IsActive !== false }, errors: [] };
      };
    },
    async write(trx, rows, owner) {
      const ids: number[] = [];
      for (const values of rows) {
        const { columns, udf } = splitUdfValues(entity, await userColumns(values, 'create'));
        // As the create call: a user with no owner circle of their own joins the importer's.
        const circle = columns.OwnerAtomicCircleId === undefined ? { OwnerAtomicCircleId: trx('users').where({ UserId: owner.UserId }).select('OwnerAtomicCircleId') } : {};
        const [created] = await trx('users').insert({ ...columns, ...circle, ...(udf ? { Udf: udf } : {}), CreatedById: owner.UserId, CreatedBy: owner.UserName }).returning('UserId');
        const userId = Number((created as Row).UserId);
        await saveUserAccess(trx, { userId, roleIds: values.Role as number[] | undefined, active: values.IsActive !== false });
        ids.push(userId);
      }
      return ids;
    },
    afterCommit(appNow, ids) {
      // As the create-user call with 'Send an activation e-mail': the link is mailed once the user exists (an inactive user is not mailed).
      for (const userId of ids) {
        appNow.mailer.later(async () => {
          const row = await appNow.db('users').where({ UserId: userId }).first('IsActive');
          if (row?.IsActive) await startActivation(appNow, userId);
        });
      }
    },
    // A user written by the import is at version 1, has never signed in and has not used the activation link.
    undo: { table: 'users', idColumn: 'user_id', changedSince: 't.row_version <> 1 or t.last_login is not null or t.is_verified', noun: 'users' },
  };
}
