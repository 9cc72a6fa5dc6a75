/** Whether two field values are the same for the user: absent and null are one "no value". */
export function sameValue(a: unknown, b: unknown): boolean {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Top-level fields whose values differ between two versions of the form data. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !sameValue(before[k], after[k]));
}
