/** The value at a dotted path ('Address.Country.Name'); undefined when any step is missing. */
export function getPath(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>(
    (value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined),
    data,
  );
}

/**
 * A copy of `data` with the value at a dotted path replaced; objects along the path are copied,
 * the rest is shared. undefined removes the key (a cleared field has no value, not an empty one).
 */
export function setPath<T>(data: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  const source = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const copy: Record<string, unknown> = { ...source };
  const next = rest.length ? setPath(source[key], rest.join('.'), value) : value;
  if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy as T;
}
