import fp from 'fastify-plugin';
import type { ErrorItem } from '../../engine/core/error-items.ts';
import { HttpError } from '../lib/http-error.ts';

/** The first string (value or key) holding a NUL character, by its nearest key; iterative, so any depth is safe. */
export function nulCharacterFault(value: unknown, property: string | null = null): ErrorItem | null {
  const pending: Array<[unknown, string | null]> = [[value, property]];
  while (pending.length) {
    const [current, name] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { PropertyName: name, ErrorMessage: `${name ?? 'A value'} contains a character that cannot be stored.`, ErrorCode: 'InvalidCharacter' };
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push([item, name]);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, inner] of Object.entries(current)) pending.push([key, name], [inner, key]);
    }
  }
  return null;
}

/**
 * PostgreSQL stores no NUL character in text or JSON: a body, query or path value holding one is refused
 * with 400 before any handler, instead of failing in the database with 500.
 */
export default fp(async function storableText(app) {
  app.addHook('preValidation', async (request) => {
    const fault = nulCharacterFault(request.params) ?? nulCharacterFault(request.query) ?? nulCharacterFault(request.body);
    if (fault) throw new HttpError(400, [fault]);
  });
});
