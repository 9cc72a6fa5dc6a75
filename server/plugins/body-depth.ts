import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { jsonDepthExceeds } from '../lib/json-depth.ts';
import { HttpError } from '../lib/http-error.ts';
import { malformedTextMessage } from './storable-text.ts';

/**
 * How deep a JSON body may nest. The deepest document the product itself sends (a transfer package of
 * form definitions with their JSON Schemas) nests about 12 levels; 64 leaves room and keeps every
 * walker over a body far from the stack's end.
 */
export const MAX_BODY_DEPTH = 64;

export const bodyTooDeepMessage = `The request body is nested too deeply (more than ${MAX_BODY_DEPTH} levels).`;

/** Which property secure-json-parse refused (`__proto__`, or `constructor` holding a `prototype`), worded as it is. */
export const forbiddenPropertyMessage = (name: string) => `The request carries a property named ${name}, which is not allowed.`;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The first key of a parsed body that secure-json-parse refuses: `__proto__`, or `constructor` holding `prototype`; iterative. */
function forbiddenKeyOf(value: unknown): string | null {
  const pending = [value];
  while (pending.length) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (Object.hasOwn(current, '__proto__')) return '__proto__';
    const made = (current as Record<string, unknown>).constructor;
    if (Object.hasOwn(current, 'constructor') && typeof made === 'object' && made !== null && Object.hasOwn(made, 'prototype')) return 'constructor';
    pending.push(...Object.values(current));
  }
  return null;
}

/**
 * JSON bodies: bytes that are not UTF-8 are refused (never read as U+FFFD), bodies nested deeper than MAX_BODY_DEPTH
 * are refused with 400 while they are parsed, before any hook or handler walks them; otherwise Fastify's own parser,
 * whose prototype-poisoning refusal says which property it refused rather than calling valid JSON invalid.
 * Bodies are JSON (or multipart uploads, whose routes add their own parser): a text/plain body is refused with 415.
 */
export default fp(async function bodyDepth(app) {
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    let body: string;
    try {
      body = utf8.decode(raw as Buffer);
    } catch {
      done(HttpError.of(400, `The request body is not UTF-8 text: ${malformedTextMessage}`, null, 'malformedText'), undefined);
      return;
    }
    if (jsonDepthExceeds(body, MAX_BODY_DEPTH)) {
      done(HttpError.of(400, bodyTooDeepMessage, null, 'BodyTooDeep'), undefined);
      return;
    }
    parseJson(request, body, (error, parsed) => {
      if ((error as FastifyError | null)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        // Valid JSON that secure-json-parse refused: a property that could poison prototypes.
        let forbidden: string | null = null;
        try {
          forbidden = forbiddenKeyOf(JSON.parse(body));
        } catch { /* not JSON at all: Fastify's message is true */ }
        if (forbidden) {
          done(HttpError.of(400, forbiddenPropertyMessage(forbidden), forbidden, 'forbiddenProperty'), undefined);
          return;
        }
      }
      done(error, parsed);
    });
  });
});
