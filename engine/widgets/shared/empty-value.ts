/**
 * What an input hands the form when emptied: `ui:options.emptyValue` when set; otherwise null for an optional field
 * that may be null (so an update clears the stored value: an absent property would keep it), and undefined for the
 * rest (so a required field reads as missing: '{0} is required.').
 */
export function emptyValueOf(schema: { type?: unknown }, required: boolean | undefined, options: Record<string, unknown> = {}): null | undefined {
  if ('emptyValue' in options) return options.emptyValue === null ? null : undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return !required && types.includes('null') ? null : undefined;
}
