import type { FastifyInstance } from 'fastify';
import preference from '../../../metadata/entities/UserPreference.json' with { type: 'json' };
import { readPreference, savePreference } from './store.ts';

const key = preference.properties.Key;

/**
 * The signed-in user's preferences (spec 1 "Preferences"), e.g. a list's default view: read answers the
 * value ('' when none), save stores it. Each user reads and writes only their own; keys are lowercased.
 * The key must be a string: a number, object or missing key is refused by the schema with a 400.
 */
export default async function preferenceRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { key: string } }>('/api/preferences/storage-read', {
    config: { access: 'session' },
    schema: {
      tags: ['preferences'],
      summary: "The signed-in user's value under a key; an empty string means none.",
      querystring: { type: 'object', required: ['key'], additionalProperties: false, properties: { key } },
      response: { 200: { type: 'object', required: ['Value'], properties: { Value: { type: 'string' } } } },
    },
  }, async (request) => ({ Value: await readPreference(app.db, request.principal!.UserId, request.query.key) }));

  app.post<{ Body: { Key: string; Value: string } }>('/api/preferences/storage-save', {
    config: { access: 'session' },
    schema: {
      tags: ['preferences'],
      summary: "Stores the signed-in user's value under a key (lowercased), replacing any before.",
      body: preference,
      response: { 204: { type: 'null' } },
    },
  }, async (request, reply) => {
    await savePreference(app.db, request.principal!.UserId, request.body.Key, request.body.Value);
    return reply.code(204).send();
  });
}
