import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { addSpecKeywords } from './validation/add-spec-keywords.ts';

/**
 * The one ajv configuration used by the browser (RJSF), the server (Fastify's validator) and the
 * metadata checks, so a rule means the same thing everywhere.
 */
export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    useDefaults: true,
    coerceTypes: false,
    ...options,
  });
  addFormats(ajv);
  return addSpecKeywords(ajv);
}
