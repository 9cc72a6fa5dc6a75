import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { bodyValidator } from '../../lib/crud/body-validator.ts';
import { stampSetting } from './store.ts';
import { withDuplicateValueError } from './unique-violation.ts';
import { lockQuerySchema } from '../../lib/crud/record-lock.ts';
import { claimVersion, readVersioned } from '../../lib/crud/versioned-record.ts';
import { clientSettingsLock, embeddingSettingId } from './setting-lock.ts';
import { noteFileReferences } from '../files/references.ts';

const access = { module: 'ApplicationSettings' };
const columns = ['TimeZoneId as TimeZone', 'Logo', 'CompanyName', 'CompanyWebsite', 'ContactFirstName', 'ContactLastName', 'ContactEmailAddress', 'PhoneNumbers', 'Address', 'CreatedBy', 'CreatedDate', 'ModifiedBy', 'ModifiedDate'];

/** The one row of client settings. */
const clientSettingsId = 1;
const readClientSettings = (db: Knex) => db('client_settings').where('ClientSettingsId', clientSettingsId).first(columns);

/** The client settings' values as columns: JSON parts as JSON text (the drivers would send an array as a SQL array), the placeholder time zone as none. */
function toColumns(values: Record<string, unknown>): Record<string, unknown> {
  const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v ?? null));
  const { TimeZone, Logo, PhoneNumbers, Address, ...rest } = values;
  const logo = (Logo as { FileName?: string } | null | undefined)?.FileName ? Logo : null;
  return {
    ...rest,
    ...(TimeZone !== undefined ? { TimeZoneId: typeof TimeZone === 'number' && TimeZone > 0 ? TimeZone : null } : {}),
    ...(Logo !== undefined ? { Logo: json(logo) } : {}),
    PhoneNumbers: json(PhoneNumbers ?? []),
    ...(Address !== undefined ? { Address: json(Address) } : {}),
  };
}

/**
 * The client settings (spec 1 "GET client settings; POST client settings update"), shown inside the
 * CLIENT_SETTINGS setting. A save is checked with the clientsettings form (its address, phone list and text
 * rules) and the logo field's own limits; the saved logo becomes the one the sign-in page shows.
 */
export default async function clientSettingsRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('clientsettings');
  const entity = app.registry.entities.get(screen.entity) as JsonSchema;
  const check = bodyValidator(entity, screen.form!, 'update');
  const response = rowSchemaOf(entity);

  app.get(screen.api, {
    config: { access },
    schema: {
      tags: ['appsettings'], summary: 'The client settings; with lock=true, for update: takes the lock of the setting that embeds them (CLIENT_SETTINGS).',
      querystring: lockQuerySchema, response: { 200: response },
    },
  }, async (request, reply) => readVersioned(app, request, reply, clientSettingsLock, clientSettingsId, () => readClientSettings(app.db), await embeddingSettingId(app.db, screen.id)));

  app.post(screen.api, {
    config: { access: { ...access, route: 'appsettings.update' } },
    schema: {
      tags: ['appsettings'],
      summary: "Saves the client settings; the logo named becomes the sign-in page's logo (no logo: the default image). Needs the lock of the setting that embeds them and the client settings' version read (recordlockid, recordversion).",
      body: { ...rowSchemaOf(entity), additionalProperties: true },
      response: { 200: response },
    },
  }, async (request, reply) => {
    const checked = check((request.body ?? {}) as Record<string, unknown>);
    if (checked.errors.length) throw new HttpError(400, checked.errors);
    const lockedId = await embeddingSettingId(app.db, screen.id);
    await withDuplicateValueError(() => app.db.transaction(async (trx) => {
      await claimVersion(trx, request, reply, clientSettingsLock, clientSettingsId, lockedId);
      const fileErrors = await app.checkFieldFiles(trx, checked.schema, checked.uiSchema, checked.values);
      if (fileErrors.length) throw new HttpError(400, fileErrors);
      const columns = toColumns(checked.values);
      await trx('client_settings').where('ClientSettingsId', clientSettingsId).update({ ...columns, ModifiedBy: request.principal!.UserName, ModifiedDate: trx.fn.now() });
      if (checked.values.Logo !== undefined) {
        // A logo upload waits inactive until it is saved here; the saved one is the only active logo.
        const saved = (checked.values.Logo as { FileName?: string } | null)?.FileName ?? null;
        await trx('files').where('Kind', 'clientlogo').whereNot('FileName', saved ?? '').update({ IsActive: false });
        if (saved) await trx('files').where({ Kind: 'clientlogo', FileName: saved }).update({ IsActive: true });
      }
      await stampSetting(trx, { EmbeddedScreen: screen.id }, request.principal!.UserName);
      await noteFileReferences(trx, request.principal!, { module: 'ApplicationSettings', table: 'client_settings', idColumn: 'ClientSettingsId' }, clientSettingsId, await readClientSettings(trx));
    }));
    return readClientSettings(app.db);
  });
}
