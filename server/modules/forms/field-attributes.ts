import { fieldTypeOf, fieldTypes, type AttributeDefinition } from '../../../engine/core/lowcode/field-types.ts';
import type { FieldTypeOption } from '../../../engine/core/lowcode/api.ts';
import { attributeFaults } from '../../../engine/core/lowcode/attribute-faults.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Types a UDF may not have: their values are files kept beside the record, which a JSONB key does not hold. */
export const notForUdfs = new Set(['fileUpload', 'image']);

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

/** The field types as the type selects list them (form fields' and page fields' calls answer the same). */
export function fieldTypeOptions(udfOnly = false): FieldTypeOption[] {
  return Object.values(fieldTypes)
    .map((t) => ({ Id: t.key, Name: t.label, UdfAllowed: !notForUdfs.has(t.key) }))
    .filter((t) => !udfOnly || t.UdfAllowed);
}

const unknownType = (type: string) => HttpError.of(400, `'${type}' is not a field type. Choose a type from the list.`, 'FieldType', 'unknownFieldType');

/** A field type's attribute definitions, or 404 naming FieldType for a type the catalogue does not hold. */
export function typeAttributesOf(type: string): AttributeDefinition[] {
  const found = fieldTypeOf(type);
  if (!found) throw HttpError.of(404, `'${type}' is not a field type. Choose a type from the list.`, 'FieldType', 'unknownFieldType');
  return found.attributes;
}

/**
 * The attribute values a typed field (a page field) saves: as for a form field, keyed by attribute name, the sent
 * ones over the stored ones of attributes the type has, then checked against the type's definitions; an unknown
 * type, an unknown attribute or a wrong value answers 400 naming the property, and nothing is saved.
 */
export function checkedAttributes(fieldType: string, stored: Attributes | null | undefined, sent: unknown): Attributes {
  const type = fieldTypeOf(fieldType);
  if (!type) throw unknownType(fieldType);
  if (sent !== undefined && sent !== null && (typeof sent !== 'object' || Array.isArray(sent))) {
    throw HttpError.of(400, 'Attribute Values must be an object keyed by attribute name.', 'AttributeValues', 'attributeValue');
  }
  const values = attributesToSave(stored, sent, fieldType);
  const faults = attributeFaults(type, values);
  if (faults.length) throw new HttpError(400, faults);
  return values;
}
