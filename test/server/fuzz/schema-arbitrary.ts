import fc from 'fast-check';
import { hostileValue } from './hostile-values.ts';

/** The parts of an OpenAPI 3.0 schema (JSON Schema with `nullable`) the generator reads. */
export interface OpenApiSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  minItems?: number;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  additionalProperties?: boolean | OpenApiSchema;
  items?: OpenApiSchema;
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
}

// Ids a test database has: most rows the fuzzer names exist, so it reaches past "not found".
const likelyId = fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 200 }));

function stringFor(schema: OpenApiSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'date-time':
      return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    default: {
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
    }
  }
}

/** Values that fit the schema, or nearly (patterns are not followed): what a well-behaved client sends. */
export function plausible(schema: OpenApiSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  const own = plausibleOwn(schema, depth);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: own }, { weight: 1, arbitrary: fc.constant(null) }) : own;
}

function plausibleOwn(schema: OpenApiSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => plausible(c, depth + 1)));
  if (schema.allOf?.length) return plausible(Object.assign({}, ...schema.allOf) as OpenApiSchema, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer': {
      const min = schema.minimum ?? 0;
      const max = Math.max(min, Math.min(schema.maximum ?? 2147483647, 2147483647));
      return fc.oneof(likelyId.filter((n) => n >= min && n <= max), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items, depth + 1), { minLength: Math.min(schema.minItems ?? 0, 3), maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
    case undefined: {
      if (!schema.properties) return type === 'object' ? fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }) : fc.anything({ maxDepth: 1 });
      const properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, plausible(v, depth + 1)]));
      return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** One way a body built from the schema goes wrong. */
export type BodyMutation = 'none' | 'hostile-field' | 'missing-required' | 'extra-fields' | 'wrong-root';

/** A body from the schema, then broken in one way: a field hostile, a required field gone, extra fields, or a root of another type. */
export function bodyFrom(schema: OpenApiSchema | undefined): fc.Arbitrary<unknown> {
  const base = plausible(schema ?? { type: 'object' });
  const keys = Object.keys(schema?.properties ?? {});
  return fc
    .tuple(base, fc.constantFrom<BodyMutation>('none', 'hostile-field', 'hostile-field', 'missing-required', 'extra-fields', 'wrong-root'), hostileValue, fc.nat(), fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('constructor', 'UserId', 'IsMaster', 'IsAdmin', 'CreatedBy', 'RowVersion')), hostileValue, { minKeys: 1, maxKeys: 3 }))
    .map(([value, mutation, hostile, pick, extra]) => {
      if (mutation === 'wrong-root') return hostile;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return mutation === 'none' ? value : hostile;
      const body = { ...(value as Record<string, unknown>) };
      const required = schema?.required ?? [];
      if (mutation === 'hostile-field' && keys.length) body[keys[pick % keys.length]] = hostile;
      if (mutation === 'missing-required' && required.length) delete body[required[pick % required.length]];
      if (mutation === 'extra-fields') Object.assign(body, extra);
      return body;
    });
}
