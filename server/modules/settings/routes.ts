import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { attributeTextOf, type AppSetting } from '../../../engine/core/settings/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { exportCsv, listQuerySchema, listResponseSchema, runList, sendCsv, type ListOptions, type ListQuery } from '../../lib/list/index.ts';
import { offsetOf, readSetting, stampSetting } from './store.ts';
import { settingChecker } from './setting-check.ts';
import { withDuplicateValueError } from './unique-violation.ts';
import { settingResponse } from './schemas.ts';
import { lockQuerySchema } from '../../lib/crud/record-lock.ts';
import { claimVersion, readVersioned } from '../../lib/crud/versioned-record.ts';
import { settingLock } from './setting-lock.ts';
import { noteFileReferences } from '../files/references.ts';

const access = { module: 'ApplicationSettings' };
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;
const readQuery = {
  type: 'object', additionalProperties: false,
  properties: { pid: { type: 'integer', description: 'The page id the setting is read for.' }, ...lockQuerySchema.properties },
} as const;
/** The item whose value follows the setting's time zone (business hours' Offset). */
const offsetItem = 'Offset';

/**
 * Application settings (spec 1 "Application settings"): the list, read and update of a setting with its
 * config items. A save is checked with the form composed from the stored setting (engine/core/settings), the
 * same form the browser shows, so every rule and message holds on the server too.
 */
export default async function settingRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('appsettings');
  const entity = app.registry.entities.get(screen.entity) as JsonSchema;
  const list = screen.list!;
  const listOptions: ListOptions = { idField: 'ConfigId' };
  const check = settingChecker({ entity, form: screen.form! });

  async function existing(request: FastifyRequest<{ Params: { id: number } }>): Promise<AppSetting> {
    if (!(request.params.id > 0)) throw HttpError.of(400, 'No id was provided.', 'ConfigId', 'NoId');
    const setting = await readSetting(app.db, request.params.id);
    if (!setting) throw HttpError.of(404, 'This setting no longer exists.', null, 'NotFound');
    return setting;
  }

  app.get<{ Querystring: ListQuery }>(screen.api, {
    config: { access },
    schema: { tags: ['appsettings'], summary: 'Application settings, paged, sorted and searched by Name and Description.', querystring: listQuerySchema, response: { 200: listResponseSchema(rowSchemaOf(entity)) } },
  }, async (request) => runList(app.db, app.db('app_settings'), list, listOptions, request.query));

  app.get<{ Querystring: ListQuery }>(`${screen.api}/export.csv`, {
    config: { access },
    schema: { tags: ['appsettings'], summary: "The settings list's current view as CSV.", querystring: listQuerySchema, produces: ['text/csv'] },
  }, async (request, reply) => sendCsv(reply, 'appsettings', exportCsv(app.db, app.db('app_settings'), list, listOptions, request.query)));

  app.get<{ Params: { id: number }; Querystring: { pid?: number } }>(`${screen.api}/:id`, {
    config: { access },
    schema: {
      tags: ['appsettings'], summary: 'One setting with its config items; with lock=true, for update: takes its lock, which also covers the client settings a setting embeds.',
      params: idParams, querystring: readQuery, response: { 200: settingResponse },
    },
  }, async (request, reply) => {
    await existing(request);
    return readVersioned(app, request, reply, settingLock, request.params.id, () => existing(request));
  });

  app.post<{ Params: { id: number }; Body: Partial<AppSetting> }>(`${screen.api}/:id`, {
    config: { access: { ...access, route: 'appsettings.update' } },
    schema: {
      tags: ['appsettings'],
      summary: "Saves a setting's time zone and item values (Name, Description and read-only items are kept); checked with the setting's form. Needs its lock and the version read (recordlockid, recordversion).",
      params: idParams,
      body: { type: 'object', additionalProperties: true, properties: { TimeZone: { type: ['integer', 'null'] }, ConfigItems: { type: 'array', items: { type: 'object', additionalProperties: true } } } },
      response: { 200: settingResponse },
    },
  }, async (request, reply) => {
    const stored = await existing(request);
    const checked = check(stored, request.body ?? {});
    if (checked.errors.length) throw new HttpError(400, checked.errors);
    const values = checked.values;
    const entered = (values.ConfigItems ?? {}) as Record<string, unknown>;
    await withDuplicateValueError(() => app.db.transaction(async (trx) => {
      await claimVersion(trx, request, reply, settingLock, stored.ConfigId);
      const fileErrors = await app.checkFieldFiles(trx, checked.schema, checked.uiSchema, values);
      if (fileErrors.length) throw new HttpError(400, fileErrors);
      const timeZone = stored.TimeZone !== null ? (values.TimeZone as number) : null;
      if (timeZone !== null) await trx('app_settings').where('ConfigId', stored.ConfigId).update({ TimeZoneId: timeZone });
      const offset = await offsetOf(trx, timeZone);
      for (const item of stored.ConfigItems) {
        const readOnly = item.FormItemValidationConfig?.readOnly === true;
        const value = readOnly ? (item.StaticName === offsetItem && offset !== null ? offset : item.AttributeValue) : attributeTextOf(entered[item.StaticName]);
        if (value !== item.AttributeValue) await trx('app_setting_items').where('ConfigItemId', item.ConfigItemId).update({ AttributeValue: value });
      }
      await stampSetting(trx, { ConfigId: stored.ConfigId }, request.principal!.UserName);
      await noteFileReferences(trx, request.principal!, { module: 'ApplicationSettings', table: 'app_settings', idColumn: 'ConfigId' }, stored.ConfigId, await readSetting(trx, stored.ConfigId));
    }));
    return readSetting(app.db, stored.ConfigId);
  });
}
