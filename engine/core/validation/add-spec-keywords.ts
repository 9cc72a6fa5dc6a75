import type Ajv from 'ajv';
import type { KeywordDefinition } from 'ajv';
import { compareKeywords, linkToKeyword } from './compare-keywords.ts';
import { addSpecFormats } from './formats.ts';
import { messagesKeyword, valueKeywords } from './value-keywords.ts';
import { beforeTimeOfDayKeyword } from './time-of-day-keyword.ts';

/** Every custom keyword of the vocabulary, in one list (names: see addSpecKeywords). */
export const specKeywords: KeywordDefinition[] = [...compareKeywords, linkToKeyword, beforeTimeOfDayKeyword, ...valueKeywords, messagesKeyword];

/**
 * Teaches an ajv instance the validation vocabulary that browser and server share: the keywords
 * decimalPlaces, lessThan, lessThanOrEqualTo, greaterThan, greaterThanOrEqualTo, equalTo,
 * notEqualTo, linkTo, beforeTimeOfDay, requiredText, minSelections, maxSelections and the `messages` annotation,
 * and the formats of spec 1's shared patterns. Safe to call twice on one instance. Returns the
 * instance, so it can serve as RJSF's `customizeValidator({ extenderFn })`.
 */
export function addSpecKeywords(ajv: Ajv): Ajv {
  // ajv compiles a keyword's metaSchema when the keyword is added; an instance that does not check
  // schemas (the browser's: the server checks every schema it serves) skips that cost.
  const checksSchemas = ajv.opts.validateSchema !== false;
  for (const definition of specKeywords) {
    if (ajv.getKeyword(definition.keyword as string)) continue;
    ajv.addKeyword(checksSchemas ? definition : { ...definition, metaSchema: undefined });
  }
  return addSpecFormats(ajv);
}
