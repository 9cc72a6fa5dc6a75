/** The specification's "no date" on the wire (spec 1 section 3); null everywhere else. */
export const NULL_DATE = '0001-01-01T00:00:00';

/** True for the null date, with or without fractions or a UTC marker ('0001-01-01T00:00:00.000Z'). */
export function isNullDate(value: unknown): boolean {
  return typeof value === 'string' && /^0001-01-01T00:00:00(?:\.0+)?(?:Z|[+-]00:00)?$/i.test(value);
}

/** The null date as null; any other value unchanged. */
export function fromNullDate<T>(value: T): T | null {
  return isNullDate(value) ? null : value;
}

/** null or undefined as the null date, for a server that expects the wire form; any other value unchanged. */
export function toNullDate<T>(value: T | null | undefined): T | typeof NULL_DATE {
  return value === null || value === undefined ? NULL_DATE : value;
}
