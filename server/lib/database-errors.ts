import type { ErrorItem } from '../../engine/core/error-items.ts';

/**
 * A database refusal caused by the value a client sent (SQLSTATE class 22, "data exception": a number
 * out of range, text that is not a date or a number, a character the database cannot store) as a 400
 * refusal; null for every other error. The routes check values before they reach the database; this is
 * the net for a value a check missed, so the client hears it was the value, not a system error.
 */
export function dataExceptionItems(error: unknown): ErrorItem[] | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return null;
  return [{ PropertyName: null, ErrorMessage: 'A value sent is out of range or not in a form that can be stored.', ErrorCode: 'InvalidValue' }];
}
