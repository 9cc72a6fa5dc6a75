import { fieldTypeOf } from '../../../engine/core/lowcode/field-types.ts';

type Attributes = Record<string, unknown>;

/** Attribute values as stored: an attribute set to null is not set (its default applies), so it is not kept. */
export function setAttributes(values: Attributes | null | undefined): Attributes {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, value]) => value !== null && value !== undefined));
}

/**
 * The attribute values a field's update stores: those sent replace the stored ones, null clears one, and one the
 * update leaves out (or all, when it sends no AttributeValues) keeps its stored value, so a client that reads a field
 * and saves it back with only its label changed loses none of its rules. Of the stored values, only those of
 * attributes the field's (new) type has are kept: a type change drops the old type's own.
 */
export function attributesToSave(stored: Attributes | null | undefined, sent: unknown, fieldType: string): Attributes {
  const known = new Set(fieldTypeOf(fieldType)?.attributes.map((a) => a.name) ?? []);
  const kept = Object.fromEntries(Object.entries(stored ?? {}).filter(([name]) => known.has(name)));
  const changes = sent && typeof sent === 'object' && !Array.isArray(sent) ? (sent as Attributes) : {};
  return setAttributes({ ...kept, ...changes });
}
