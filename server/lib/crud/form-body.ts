import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { HttpError } from '../http-error.ts';
import { rowSchemaOf } from '../entity-schemas.ts';
import { sanitizeRichTextValues } from '../rich-text.ts';
import type { bodyValidator, CheckedBody } from './body-validator.ts';

/**
 * The body as the OpenAPI document shows it. The full check (rules, required fields) runs in the
 * handler, and what the client sends back beyond the writable fields (ids, dates it was shown) is dropped there.
 */
export function documentedBody(schema: JsonSchema): JsonSchema {
  return { ...schema, required: [], additionalProperties: true };
}

/**
 * The body of a write to a built form's records, whose schema is composed per request: at least a JSON object, so
 * anything else is refused with 400 before the handler (the form's own check runs there).
 */
export const composedRecordBody = { type: 'object', description: "The record's values, checked against the form's schema as it is now.", additionalProperties: true } as const;

/** The body of a call that takes no values (deactivate): none, or a JSON object (its properties are not used). */
export const noValuesBody = { type: ['object', 'null'], description: 'No values are needed.', additionalProperties: true } as const;

/** A form's body after the form's own check (400 with every error item otherwise). */
export function checkedBody(check: ReturnType<typeof bodyValidator>, entity: JsonSchema, body: unknown): CheckedBody {
  // Rich text is cleaned here as well as in the browser (what another client sends is not trusted), before the check:
  // its length limit is of what is stored, so a pasted document whose clean text fits is not refused for its markup.
  const checked = check(sanitizeRichTextValues(entity, (body ?? {}) as Record<string, unknown>));
  if (checked.errors.length) throw new HttpError(400, checked.errors);
  return checked;
}

/** Every write is checked for the files it names: buildApp decorates the app with the checker. */
export function requireFileChecker(app: FastifyInstance, who: string): void {
  if (!app.hasDecorator('checkFieldFiles')) throw new Error(`${who} needs app.checkFieldFiles (modules/files/field-files.ts)`);
}

/** Every file the record names keeps its field's limits; checked inside the write's transaction, so a refusal writes nothing. */
export async function checkFieldFiles(app: FastifyInstance, trx: Knex, checked: CheckedBody): Promise<void> {
  const errors = await app.checkFieldFiles(trx, checked.schema, checked.uiSchema, checked.values);
  if (errors.length) throw new HttpError(400, errors);
}

/** The entity's readable properties (not writeOnly ones such as passwords) and the response schema of a record. */
export function readableRecord(entity: JsonSchema): { readable: string[]; response: JsonSchema } {
  const readable = Object.keys(entity.properties ?? {}).filter((p) => !entity.properties?.[p]?.writeOnly);
  const response = rowSchemaOf({ ...entity, properties: Object.fromEntries(readable.map((p) => [p, entity.properties![p]])) });
  return { readable, response };
}

/** A screen's module, or any signed-in user when it names none. */
export function screenAccess(module: string | null): { module: string } | 'session' {
  return module ? { module } : 'session';
}
