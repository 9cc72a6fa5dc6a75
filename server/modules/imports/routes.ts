import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { HttpError } from '../../lib/http-error.ts';
import { routeNodeName } from '../access/permission-nodes.ts';
import { fileStorageFor } from '../files/storage.ts';
import { formAccess } from '../forms/record-routes.ts';
import { importRunner } from './runner.ts';
import { registerImportRoutes } from './job-routes.ts';
import { formTarget } from './target.ts';
import { usersTarget } from './users-target.ts';

const importId = { importId: { type: 'integer' } } as const;

/**
 * Importing from CSV or XLSX (issue 29) into a built form's records (/api/forms/:formId/imports) and into the users
 * (/api/users/imports): the same routes, runner and jobs over either target (target.ts, users-target.ts).
 */
export default async function importRoutes(app: FastifyInstance) {
  const storage = fileStorageFor(app.config, app.db);
  await app.register(multipart);
  const runner = importRunner(app, storage);

  registerImportRoutes(app, storage, runner, {
    base: '/api/forms/:formId/imports',
    params: { type: 'object', required: ['formId'], properties: { formId: { type: 'integer' }, ...importId } },
    // Every import route needs Create on the form's module and its route node: the right to add records one by one.
    access: formAccess('create'),
    records: "a built form's records",
    async targetOf(request: FastifyRequest<{ Params: { formId?: number } }>) {
      const target = await formTarget(app.db, Number(request.params.formId));
      if (!target) throw HttpError.of(404, 'This form does not exist or is inactive.', null, 'NotFound');
      return target;
    },
  });

  const users = app.registry.screen('users');
  registerImportRoutes(app, storage, runner, {
    base: '/api/users/imports',
    params: { type: 'object', properties: importId },
    // As the create-user call: module RegisterUser and the users' create route node.
    access: { module: users.module!, route: routeNodeName(users.id, 'create') },
    records: 'users',
    targetOf: () => usersTarget(app, app.db),
  });
}
