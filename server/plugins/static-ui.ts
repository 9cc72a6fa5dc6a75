import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The built UI, with a history fallback: any GET for a page (not /api, not a file) gets index.html,
 * so URLs carry no hash and a reload on /user?page=2 works. Each file goes out as the brotli or gzip copy the
 * build made beside it (ui/precompress.ts), whichever the request's Accept-Encoding prefers, with
 * Vary: Accept-Encoding; as it is where there is no copy or the browser accepts neither.
 */
export default fp(async function staticUi(app, options: { uiDir: string }) {
  const index = path.join(options.uiDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`no built UI in ${options.uiDir}: run \`npm run build\` (npm start does it for you)`);
    return;
  }
  await app.register(fastifyStatic, {
    root: options.uiDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, file) => {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    // A request a route answers (every API call) is not a page: decided before any string work. HEAD is asked as GET
    // is (monitors and link checkers ask HEAD); Fastify sends the headers alone.
    if (request.routeOptions.url !== undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const url = request.url.split('?')[0];
    if (!url.startsWith('/api/') && !url.startsWith('/docs') && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
  });
});
