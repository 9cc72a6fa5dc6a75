import { toErrorList } from '../../../engine/core/error-items.ts';

/** The server's one message for a failed call, when it gave exactly one (the notice shows it instead of the default). */
export function serverMessage(error: unknown): string | undefined {
  const items = toErrorList((error as { items?: unknown })?.items ?? (error as Error)?.message);
  return items.length === 1 ? items[0].ErrorMessage : undefined;
}
