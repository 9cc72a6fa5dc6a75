import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { AnySchema, ValidateFunction } from 'ajv';
import type { Knex } from 'knex';
import { createAjv } from '../engine/core/ajv.ts';
import type { Config } from './config.ts';
import { closeDatabase, openDatabase } from './db/knex.ts';
import { loadMetadata, type EntitySchema, type MetadataRegistry } from './metadata/registry.ts';
import { composedScreens } from './modules/forms/screens.ts';
import { ensureReservedForms } from './modules/forms/reserved-forms.ts';
import { jwtSecret } from './bootstrap/jwt-secret.ts';
import { ensureMasterAdmin, type MasterAdminResult } from './bootstrap/master-admin.ts';
import errors from './plugins/errors.ts';
import securityHeaders from './plugins/security-headers.ts';
import compression from './plugins/compression.ts';
import openapi from './plugins/openapi.ts';
import accessControl from './plugins/access.ts';
import staticUi from './plugins/static-ui.ts';
import outgoingDates from './plugins/outgoing-dates.ts';
import bodyDepth from './plugins/body-depth.ts';
import storableText from './plugins/storable-text.ts';
import { frameworkErrors } from './plugins/framework-errors.ts';
import { withIntegerRange } from './lib/integer-range.ts';
import authRoutes from './modules/auth/routes.ts';
import appRoutes from './modules/app/routes.ts';
import metadataRoutes from './modules/metadata/routes.ts';
import userRoutes from './modules/users/routes.ts';
import errorLogRoutes from './modules/error-log/routes.ts';
import tokenRoutes from './modules/auth/token-routes.ts';
import mailer from './lib/mailer.ts';
import accountRoutes from './modules/accounts/routes.ts';
import sessionRoutes from './modules/sessions/routes.ts';
import sessionAdminRoutes from './modules/sessions/admin-routes.ts';
import preferenceRoutes from './modules/preferences/routes.ts';
import pageActionRoutes from './modules/page-actions/routes.ts';
import lookupRoutes from './modules/lookups/routes.ts';
import fileRoutes from './modules/files/routes.ts';
import yourAccountRoutes from './modules/your-account/routes.ts';
import currentUserRoutes from './modules/users/current-user-routes.ts';
import settingRoutes from './modules/settings/routes.ts';
import clientSettingsRoutes from './modules/settings/client-settings-routes.ts';
import { fileStorageFor } from './modules/files/storage.ts';
import { fieldFileChecker } from './modules/files/field-files.ts';
import { syncPermissionNodes } from './modules/access/permission-nodes.ts';
import { applyShippedDocuments } from './modules/public-pages/shipped-documents.ts';
import './types.ts';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Told once when the first start created the master administrator. */
  onMasterAdmin?: (result: MasterAdminResult) => void;
  /** Use this metadata instead of reading metadata/ (tests). */
  registry?: MetadataRegistry;
  /** Further route plugins, registered after the product's (tests: a screen with upload fields). */
  routes?: FastifyPluginAsync[];
}

/** Bodies are validated strictly; query strings and params are text, so they are coerced to the schema's types. */
function schemaValidators() {
  const body = createAjv({ coerceTypes: false });
  const text = createAjv({ coerceTypes: 'array' });
  const compiled = new WeakMap<object, ValidateFunction>();
  return ({ schema, httpPart }: { schema: AnySchema; httpPart?: string }) => {
    const ajv = httpPart === 'body' ? body : text;
    const key = schema as object;
    let validate = compiled.get(key);
    if (!validate) {
      const { $id: _id, ...withoutId } = schema as Record<string, unknown>;
      validate = ajv.compile(withIntegerRange(withoutId));
      compiled.set(key, validate);
    }
    return validate;
  };
}

/** The whole server: used by main and by the tests. Opens and migrates the database, and closes it on app.close(). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const registry = options.registry ?? (await loadMetadata());
  const db: Knex = await openDatabase(config);
  try {
    const admin = await ensureMasterAdmin(db, config.adminPassword);
    await ensureReservedForms(db, registry);
    // Built forms' modules, and the UDFs of shipped screens, keep their nodes: the composed screens are synced.
    const screens = await composedScreens(db, registry);
    const entities = new Map([...registry.entities, ...screens.map((p) => [p.screen.entity, p.entity as EntitySchema] as const)]);
    await syncPermissionNodes(db, screens.map((p) => p.screen), entities);
    if (admin.created) options.onMasterAdmin?.(admin);
    const secret = await jwtSecret(config);
    const serverOptions: FastifyServerOptions = { logger: options.logger ?? false, trustProxy: config.trustProxy as boolean, bodyLimit: 1024 * 1024, frameworkErrors };
    const app = Fastify(serverOptions);
    app.decorate('db', db);
    app.decorate('config', config);
    app.decorate('registry', registry);
    app.decorate('checkFieldFiles', fieldFileChecker(fileStorageFor(config, db), config.maxFileSizeMB));
    app.addHook('onClose', async () => closeDatabase(db));
    app.setValidatorCompiler(schemaValidators());
    await app.register(errors);
    await app.register(bodyDepth);
    await app.register(storableText);
    await app.register(securityHeaders);
    await app.register(compression);
    await app.register(openapi);
    await app.register(accessControl, { secret });
    await app.register(outgoingDates);
    await app.register(mailer);
    // Before the modules: record locks' routes, and the lists whose rows can be locked (registerCrud adds to them).
    await app.register(import('./modules/locks/routes.ts'));
    await app.register(authRoutes, { secret });
    await app.register(appRoutes);
    await app.register(import('./modules/access/routes.ts'));
    await app.register(metadataRoutes);
    await app.register(userRoutes);
    await app.register(import('./modules/roles/routes.ts'));
    await app.register(import('./modules/circles/routes.ts'));
    await app.register(import('./modules/forms/routes.ts'));
    await app.register(import('./modules/pages/routes.ts'));
    await app.register(import('./modules/public-forms/routes.ts'), { secret });
    await app.register(currentUserRoutes);
    await app.register(yourAccountRoutes);
    await app.register(errorLogRoutes);
    await app.register(import('./modules/error-log/read-routes.ts'));
    await app.register(tokenRoutes);
    await app.register(accountRoutes);
    await app.register(import('./modules/mail-outbox/routes.ts'));
    await app.register(sessionRoutes);
    await app.register(sessionAdminRoutes);
    await app.register(preferenceRoutes);
    await app.register(pageActionRoutes);
    await app.register(lookupRoutes);
    await app.register(fileRoutes);
    await app.register(settingRoutes);
    await app.register(clientSettingsRoutes);
    await app.register(import('./modules/menus/routes.ts'));
    await app.register(import('./modules/print/routes.ts'));
    await app.register(import('./modules/widgets/routes.ts'));
    await app.register(import('./modules/transfer/routes.ts'));
    await app.register(import('./modules/transfer/build-routes.ts'));
    await app.register(import('./modules/imports/routes.ts'));
    await app.register(import('./modules/reports/routes.ts'));
    await app.register(import('./modules/public-pages/routes.ts'));
    for (const routes of options.routes ?? []) await app.register(routes);
    await app.register(staticUi, { uiDir: config.uiDir });
    await app.ready();
    // The forms the public pages show are documents the product ships: applied once, through the transfer import.
    if (config.applyShippedForms) await applyShippedDocuments(app);
    return app;
  } catch (error) {
    await closeDatabase(db);
    throw error;
  }
}
