import type { ErrorItem } from '../../engine/core/error-items.ts';

/** SQLSTATE of a write refused because its value would not convert while its field changes type online. */
export const valueWouldNotConvertCode = 'LCTC1';

/**
 * A database refusal caused by the value a client sent (SQLSTATE class 22, "data exception": a number
 * out of range, text that is not a date or a number, a character the database cannot store) as a 400
 * refusal; null for every other error. The routes check values before they reach the database; this is
 * the net for a value a check missed, so the client hears it was the value, not a system error. A foreign key
 * violation (23503) is the same net for a linked record a check missed.
 */
export function dataExceptionItems(error: unknown): ErrorItem[] | null {
  const { code, detail, hint } = (error ?? {}) as { code?: unknown; detail?: unknown; hint?: unknown };
  // foreign_key_violation (or restrict_violation, for ON DELETE RESTRICT): a route missed checking that a record it
  // links to exists, or that none links to it.
  if (code === '23503' || code === '23001') {
    const inUse = code === '23001' || (typeof detail === 'string' && !detail.includes('is not present'));
    return [{ PropertyName: null, ErrorMessage: inUse ? 'This record is in use by other records and cannot be removed.' : 'A record this refers to does not exist.', ErrorCode: inUse ? 'InUse' : 'NotFound' }];
  }
  // A value written while its field changes type online that the new type could not hold (type-change-jobs.ts).
  if (code === valueWouldNotConvertCode) return [{ PropertyName: typeof detail === 'string' ? detail : null, ErrorMessage: String(hint), ErrorCode: 'TypeChangeUnderWay' }];
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return null;
  return [{ PropertyName: null, ErrorMessage: 'A value sent is out of range or not in a form that can be stored.', ErrorCode: 'InvalidValue' }];
}
