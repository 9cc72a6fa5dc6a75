import type { MessageKey } from '../messages.ts';

/**
 * Per-field messages that take precedence over the catalogue. Keys are catalogue keys
 * (`required`, `pattern`, `equalTo`, ...) or the ajv keyword that failed (`format`, `maxItems`,
 * `notEqualTo`, ...); the keyword wins when both are given. Placeholders: {0} is the field's
 * label (its `title`), {1} the rule's value.
 *
 * @example { "title": "Role", "notEqualTo": -1, "messages": { "notEqualTo": "{0} is required." } }
 */
export type FieldMessages = Partial<Record<MessageKey | string, string>>;

/** The parts of a JSON Schema that messages are made from. */
export interface SchemaNode {
  title?: string;
  properties?: Record<string, SchemaNode | boolean>;
  items?: SchemaNode | boolean | Array<SchemaNode | boolean>;
  /** See {@link FieldMessages}. */
  messages?: FieldMessages;
  /** Any other keyword: the node is a whole schema, read only in part. */
  [keyword: string]: unknown;
}

function childOf(node: SchemaNode | undefined, segment: string): SchemaNode | undefined {
  const property = node?.properties?.[segment];
  if (typeof property === 'object') return property;
  const items = node?.items;
  if (!/^\d+$/.test(segment) || items === undefined) return undefined;
  const item = Array.isArray(items) ? items[Number(segment)] : items;
  return typeof item === 'object' ? item : undefined;
}

/** The sub-schema at a path of property names and array indexes, following `properties` and `items`. */
export function schemaAt(root: SchemaNode | undefined, segments: string[]): SchemaNode | undefined {
  return segments.reduce<SchemaNode | undefined>((node, segment) => childOf(node, segment), root);
}

/** An ajv instancePath as its segments ('/PhoneNumbers/0/Type' -> ['PhoneNumbers', '0', 'Type']). */
export function pathSegments(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The label a message names a field by: its title, else its property name. */
export function labelOf(node: SchemaNode | undefined, property: string | null | undefined): string {
  return node?.title || property || 'Value';
}
