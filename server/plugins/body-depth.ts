import fp from 'fastify-plugin';
import { jsonDepthExceeds } from '../lib/json-depth.ts';
import { HttpError } from '../lib/http-error.ts';

/**
 * How deep a JSON body may nest. The deepest document the product itself sends (a transfer package of
 * form definitions with their JSON Schemas) nests about 12 levels; 64 leaves room and keeps every
 * walker over a body far from the stack's end.
 */
export const MAX_BODY_DEPTH = 64;

export const bodyTooDeepMessage = `The request body is nested too deeply (more than ${MAX_BODY_DEPTH} levels).`;

/**
 * JSON bodies nested deeper than MAX_BODY_DEPTH are refused with 400 while they are parsed, before any
 * hook or handler walks them. Otherwise Fastify's own parser (with its prototype-poisoning checks).
 */
export default fp(async function bodyDepth(app) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_BODY_DEPTH)) {
      done(HttpError.of(400, bodyTooDeepMessage, null, 'BodyTooDeep'), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
});
