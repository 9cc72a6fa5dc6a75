import type Ajv from 'ajv';
import { specFormats, type SpecFormat } from './patterns.ts';

/**
 * Registers the shared patterns of spec 1 as ajv string formats (`{ "format": "zip" }`).
 * Ours replace same-named ones: ajv-formats' `password` accepts anything. Its `email`, `url`
 * and `int32` (numbers within 32 bits) stay as they are and are part of the vocabulary.
 */
export function addSpecFormats(ajv: Ajv): Ajv {
  for (const [name, format] of Object.entries(specFormats) as Array<[string, SpecFormat]>) {
    ajv.addFormat(name, { type: 'string', validate: format.test });
  }
  return ajv;
}
