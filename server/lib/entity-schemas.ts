type Schema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

/**
 * An entity schema as a response row: no required list (a list returns only its visible columns) and no
 * defaults, which the serializer would otherwise write into rows for columns that were not asked for.
 */
export function rowSchemaOf(entity: Schema): Schema {
  const { $id: _id, required: _required, ...rest } = entity;
  const properties = Object.fromEntries(
    Object.entries(entity.properties ?? {}).map(([name, { default: _default, ...prop }]) => [name, prop]),
  );
  return { ...rest, properties };
}
