import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** The OpenAPI document made from the route schemas, browsable at /docs. */
export default fp(async function openapi(app) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Metadata administration API', version: '0.1.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
  });
  // The documentation's own policy (hashes of its scripts), held to the app's: forms post only here, and plain
  // HTTP keeps working (upgrade-insecure-requests would ask the browser for https assets the server may not serve).
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: (policy) => `${policy.replace(/\s*upgrade-insecure-requests;?/, '')} form-action 'self';`,
  });
});
