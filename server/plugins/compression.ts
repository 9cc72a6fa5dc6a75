import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * API answers compressed for a client that accepts it (brotli at the library's quality 4, else gzip), from 1 KiB up:
 * the route table a signed-in start waits for is 19 KiB of JSON and 3 KiB compressed, a list's page of rows alike.
 * A partial answer (206) is never compressed; request bodies are left as they come (the application's client never
 * compresses one).
 */
export default fp(async function compression(app) {
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] });
  // The UI's files go out as the copies the build compressed (static-ui.ts), or as they are where a copy would not be
  // smaller: compressing them again on each request would only cost time. The library's own opt-out header marks them.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) request.headers['x-no-compression'] = 'built-ui';
  });
}, { name: 'compression' });
