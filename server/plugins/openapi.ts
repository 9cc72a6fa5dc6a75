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
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
});
