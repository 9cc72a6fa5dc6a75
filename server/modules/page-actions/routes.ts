import type { FastifyInstance } from 'fastify';
import pageActions from '../../../metadata/entities/PageActions.json' with { type: 'json' };
import { pageActionsOf } from './store.ts';

/**
 * The page-action call (spec 2 section 7, "GET by accessPageId"): a list page's row and set actions. Which of
 * them a row shows is decided by the list answer's CircleAccess, made from the user's grants (store.ts).
 */
export default async function pageActionRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { accessPageId: number } }>('/api/page-actions', {
    config: { access: 'session' },
    schema: {
      tags: ['page actions'],
      summary: "A page's row actions (DataRowActions) and set actions (DataSetActions), by access page id.",
      querystring: { type: 'object', required: ['accessPageId'], additionalProperties: false, properties: { accessPageId: { type: 'integer', minimum: 1 } } },
      response: { 200: pageActions },
    },
  }, async (request) => pageActionsOf(app.db, request.query.accessPageId));
}
