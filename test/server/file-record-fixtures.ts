import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { registerCrud } from '../../server/lib/crud/register-crud.ts';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../engine/core/forms/index.ts';
import { injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { forModule, multipart } from './multipart.ts';

/**
 * A screen of the Users module (RegisterUser, which has 'View All Records') whose records name files: a file list
 * and an image. Its records belong to their creator, so a user without 'View All Records' reaches only their own.
 */
export const dossierModule = 'RegisterUser';
const entity: JsonSchema = {
  title: 'Dossier',
  type: 'object',
  required: ['Title'],
  properties: {
    DossierId: { type: 'integer', readOnly: true },
    Title: { type: 'string', title: 'Title' },
    Documents: { type: 'array', title: 'Documents', items: { type: 'object' } },
    Picture: { type: ['object', 'null'], title: 'Picture' },
    CreatedBy: { type: ['string', 'null'], readOnly: true },
    ModifiedBy: { type: ['string', 'null'], readOnly: true },
    ModifiedDate: { type: ['string', 'null'], format: 'date-time', readOnly: true },
  },
};
const fields = ['Title', 'Documents', 'Picture'] as [string, ...string[]];
const screen = {
  id: 'dossiers', title: 'Dossiers', module: dossierModule, entity: 'Dossier', api: '/api/dossiers', idField: 'DossierId',
  routes: { list: '/dossiers', create: '/dossiers/create', update: '/dossiers/update/:id', delete: '/dossiers/delete/:id' },
  form: {
    fields: { create: fields, update: fields },
    uiSchema: { Documents: { 'ui:field': 'fileUploader' }, Picture: { 'ui:field': 'imageUpload' } },
  },
} as unknown as ScreenDocument;

const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
export async function dossierRoutes(app: FastifyInstance) {
  registerCrud(app, {
    screen, entity, table: 'dossiers', ownerField: 'CreatedById',
    hooks: { toColumns: (v) => ({ ...v, Documents: json(v.Documents), Picture: json(v.Picture) }) },
  });
}

/** The dossiers table, and the screen's route nodes under the module (as the metadata sync derives them for a shipped screen). */
export async function prepareDossiers(app: FastifyInstance): Promise<void> {
  await app.db.schema.createTable('dossiers', (table) => {
    table.increments('dossier_id').primary();
    table.string('title', 200).notNullable();
    for (const c of ['documents', 'picture']) table.jsonb(c);
    table.integer('created_by_id');
    table.string('created_by', 200);
    table.timestamp('created_date', { useTz: true }).defaultTo(app.db.fn.now());
    table.string('modified_by', 200);
    table.timestamp('modified_date', { useTz: true });
    table.integer('row_version').notNullable().defaultTo(1);
  });
  const module = await app.db('permission_nodes').where({ Name: dossierModule, Type: 'module' }).first('NodeId', 'ModuleId');
  await app.db('permission_nodes').insert(['create', 'update', 'delete'].map((kind) => ({
    Type: 'route', ModuleId: module.ModuleId, ParentNodeId: module.NodeId, Name: `dossiers.${kind}`, Label: kind,
  })));
}

/** A signed-in user with a role holding these modules (none: a user with no role, as self-registration makes). */
export async function userWith(app: FastifyInstance, signIn: (app: FastifyInstance, user: string, password: string) => Promise<SignedIn>, UserName: string, modules: string[], viewAllRecords = false): Promise<SignedIn> {
  const RoleIds: number[] = [];
  if (modules.length) {
    const role = await addRole(app, `${UserName} role`);
    for (const module of modules) await grantModule(app, role, module, viewAllRecords);
    RoleIds.push(role);
  }
  await addUser(app, { UserName, Password: 'Passw0rd123', RoleIds });
  return signIn(app, UserName, 'Passw0rd123');
}

export interface Stored { Id: number; FileName: string; UserFileName: string; Name: string; Description: string; IsActive: boolean }

/** Uploads a document for a module (and record), answering the response. */
export function uploadFor(app: FastifyInstance, who: SignedIn, module: string | null, fileName: string, content: Buffer, url = '/api/files/upload') {
  return injectAs(app, who, { method: 'POST', url: module === null ? url : forModule(url, module), ...multipart([{ name: 'file', fileName, content }]) });
}

/** Uploads a document (or through `url`, an image) for the dossiers' module, which must succeed. */
export async function uploaded(app: FastifyInstance, who: SignedIn, fileName: string, content: Buffer, url?: string): Promise<Stored> {
  const res = await uploadFor(app, who, dossierModule, fileName, content, url);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
