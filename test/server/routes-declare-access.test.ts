import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import accessControl from '../../server/plugins/access.ts';

describe('deny by default', () => {
  it('an /api route without an access declaration is a start-up error', async () => {
    const app = Fastify();
    await app.register(accessControl, { secret: 'x'.repeat(32) });
    const start = async () => {
      await app.register(async (scope) => {
        scope.get('/api/forgotten', async () => 'open');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow('route GET /api/forgotten declares no access (config.access)');
  });

  it('a route with one starts', async () => {
    const app = Fastify();
    await app.register(accessControl, { secret: 'x'.repeat(32) });
    await app.register(async (scope) => {
      scope.get('/api/open', { config: { access: 'public' } }, async () => 'open');
    });
    await app.ready();
    expect((await app.inject({ url: '/api/open' })).body).toBe('open');
    await app.close();
  });
});
