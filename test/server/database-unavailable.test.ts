import Fastify from 'fastify';
import knexFactory from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import errors from '../../server/plugins/errors.ts';

/**
 * A database that cannot be reached answers 503 in the error shape (the client may try again), while every other
 * failure stays a 500: the errors come from the real pg driver against a port nothing listens on, and as PostgreSQL
 * words them when it shuts down. (npm run test:load stops a real PostgreSQL under load.)
 */
describe('a database that cannot be reached', () => {
  const app = Fastify();
  const nowhere = knexFactory({ client: 'pg', connection: { host: '127.0.0.1', port: 1, database: 'x', connectionTimeoutMillis: 2000 }, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 3000 });
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  app.register(errors);
  app.get('/refused', async () => nowhere.raw('select 1'));
  app.get('/shutting-down', async () => { throw withCode('terminating connection due to administrator command', '57P01'); });
  app.get('/starting-up', async () => { throw withCode('the database system is starting up', '57P03'); });
  app.get('/duplicate', async () => { throw withCode('duplicate key value violates unique constraint', '23505'); });
  app.get('/bug', async () => { throw new TypeError('x is undefined'); });
  afterAll(async () => {
    await app.close();
    await nowhere.destroy();
  });

  it('answers 503 in the error shape, with Retry-After', async () => {
    for (const url of ['/refused', '/shutting-down', '/starting-up']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: 'The service is temporarily unavailable. Please try again in a moment.', ErrorCode: 'ServiceUnavailable' }]);
    }
  });

  it('keeps other failures, of the database or not, a 500', async () => {
    for (const url of ['/duplicate', '/bug']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      expect(res.json()[0].ErrorCode).toBe(500);
    }
  });
});
