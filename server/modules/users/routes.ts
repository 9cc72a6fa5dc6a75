import type { FastifyInstance } from 'fastify';
import user from '../../../metadata/entities/User.json' with { type: 'json' };
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { runList, listQuerySchema, listResponseSchema, type ListQuery } from '../../lib/list/index.ts';

export default async function userRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('users');
  const list = screen.list!;
  const rowSchema = rowSchemaOf(user);

  app.get<{ Querystring: ListQuery }>('/api/users', {
    config: { access: { module: 'RegisterUser' } },
    schema: {
      tags: ['users'],
      summary: 'Users, paged, sorted and searched over the columns the user list declares.',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(rowSchema) },
    },
  }, async (request) =>
    runList(app.db, app.db('users'), list, { idField: 'UserId', activeField: 'IsActive', alwaysSelect: ['IsActive'] }, request.query),
  );
}
