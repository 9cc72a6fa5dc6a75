import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers. MUI's emotion writes style tags, so styles may be inline; scripts come only from this
 * origin, never inline. 'unsafe-eval' is allowed because ajv compiles each form's schema to a function:
 * forms are built by administrators at run time, so their validators cannot be compiled ahead.
 */
export default fp(async function securityHeaders(app) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
});
