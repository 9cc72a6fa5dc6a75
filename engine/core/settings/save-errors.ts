import type { ErrorItem } from '../error-items.ts';

/** Spec 1 section 8: the error code of a unique violation (SQL Server's 2627, the server's code for it). */
export const UNIQUE_VIOLATION_CODE = 2627;
export const duplicateItemValueMessage = 'Multiple Configuration Items cannot have the same value.';

/** A failed settings save in the specification's words: error code 2627 reads 'Multiple Configuration Items cannot have the same value.'. */
export function settingSaveErrors(items: ErrorItem[]): ErrorItem[] {
  return items.map((item) => (Number(item.ErrorCode) === UNIQUE_VIOLATION_CODE ? { ...item, ErrorMessage: duplicateItemValueMessage } : item));
}
