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

/** The headers a helmet middleware sets, read once by running it against a response that only records them. */
function headersOf(middleware: typeof pageHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  middleware({} as never, recorder as never, () => undefined);
  return headers;
}

/**
 * Each policy's headers are worked out once and set through Fastify's reply (setting them on the raw response made
 * Node validate and merge every header of every answer again: a tenth of a list call's CPU).
 */
export default fp(async function securityHeaders(app) {
  // Served over https (PUBLIC_URL says so): browsers are told to use nothing else for a year, so a network attacker cannot
  // strip TLS from a later visit. Never over plain http, where it would be ignored or lock out a test set-up.
  const hsts: Record<string, string> = app.config.publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};
  const page = { ...headersOf(pageHeaders), ...hsts };
  // A route that may be cached (an image by its random name) says so itself, replacing the no-store here.
  const api = { ...headersOf(apiHeaders), 'cache-control': 'no-store', ...hsts };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : page);
    done();
  });
});
