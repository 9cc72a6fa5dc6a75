import { ApiError } from './client.ts';

/** A stale-key error's extra fields (spec 1 section 3, metadata/entities/StaleKeyError.json). */
export interface StaleKeyInfo {
  message: string;
  reason: string;
  staleKey: string;
  code: string;
}

/** The stale-key item of a failed call, if it has one (the item shape alone drops StaleKey and Reason). */
export function staleKeyOf(error: unknown): StaleKeyInfo | null {
  if (!(error instanceof ApiError) || !Array.isArray(error.body)) return null;
  const item = (error.body as Array<Record<string, unknown>>).find((i) => i && typeof i.StaleKey === 'string');
  if (!item) return null;
  return { message: String(item.ErrorMessage ?? ''), reason: String(item.Reason ?? ''), staleKey: String(item.StaleKey), code: String(item.ErrorCode ?? '') };
}

/** Spec 1 section 8: a failure whose message contains 'verification' offers the verification-code link. */
export function mentionsVerification(text: string | undefined): boolean {
  return /verification/i.test(text ?? '');
}
