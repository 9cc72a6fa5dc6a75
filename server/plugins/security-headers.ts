import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Pages: MUI's emotion writes style tags, so styles may be inline; scripts come only from this origin, never inline.
 * 'unsafe-eval' is allowed because ajv compiles each form's schema to a function: forms are built by administrators
 * at run time, so their validators cannot be compiled ahead.
 */
const pageHeaders = helmet({
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

/**
 * API answers are data, never a document to render: nothing may load or run if one is opened as a page (an uploaded
 * SVG or HTML file included), none may be framed, and none is kept in a cache (OWASP REST Security Cheat Sheet).
 * The headers that only concern pages are left off, which also keeps each answer's headers short.
 */
const apiHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  xFrameOptions: { action: 'deny' },
});

/** Each policy's middleware is built once (@fastify/helmet built it again on every request). */
export default fp(async function securityHeaders(app) {
  app.addHook('onRequest', (request, reply, done) => {
    const api = request.url.startsWith('/api/');
    // A route that may be cached (an image by its random name) says so itself, replacing this.
    if (api) reply.header('cache-control', 'no-store');
    (api ? apiHeaders : pageHeaders)(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
});
