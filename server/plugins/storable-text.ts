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

export const malformedTextMessage = 'The value contains characters that cannot be stored.';

/** A UTF-16 surrogate without its pair: in Unicode mode a well-formed pair is one code point, so only lone ones match. */
const loneSurrogate = /\p{Surrogate}/u;

/**
 * The first string (value or key) that is not well-formed Unicode (a lone surrogate, which the database would store
 * as U+FFFD), by the dotted path of its property ('Address.Street', 'Phones.0.Number'; a key's own object's path); iterative.
 */
export function malformedTextFault(value: unknown, path: string | null = null): ErrorItem | null {
  const pending: Array<[unknown, string | null]> = [[value, path]];
  const fault = (at: string | null): ErrorItem => ({ PropertyName: at, ErrorMessage: malformedTextMessage, ErrorCode: 'malformedText' });
  while (pending.length) {
    const [current, at] = pending.pop()!;
    if (typeof current === 'string') {
      if (loneSurrogate.test(current)) return fault(at);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, inner] of Object.entries(current)) {
        if (loneSurrogate.test(key)) return fault(at);
        pending.push([inner, at === null ? key : `${at}.${key}`]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL stores no NUL character in text or JSON: a body, query or path value holding one is refused
 * with 400 before any handler, instead of failing in the database with 500. Nor does it store a lone surrogate
 * as sent (it would become U+FFFD): such text is refused too, never altered.
 */
export default fp(async function storableText(app) {
  app.addHook('preValidation', async (request) => {
    const fault = nulCharacterFault(request.params) ?? nulCharacterFault(request.query) ?? nulCharacterFault(request.body)
      ?? malformedTextFault(request.params) ?? malformedTextFault(request.query) ?? malformedTextFault(request.body);
    if (fault) throw new HttpError(400, [fault]);
  });
});
