import type { LightMyRequestResponse } from 'fastify';
import type { RowChange } from './row-change-log.ts';

/** Why an answer breaks the property, or null: no 5xx, every refusal a 4xx in the error shape, and a refusal changes no row. */
export function refusalFault(res: LightMyRequestResponse, changes: RowChange[]): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  let items: unknown;
  try {
    items = res.json();
  } catch {
    return `refused with ${res.statusCode} but the body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const shaped =
    Array.isArray(items) &&
    items.length > 0 &&
    items.every((item) => {
      const { PropertyName, ErrorMessage, ErrorCode } = (item ?? {}) as Record<string, unknown>;
      return (PropertyName === null || typeof PropertyName === 'string') && typeof ErrorMessage === 'string' && ErrorMessage !== '' && (typeof ErrorCode === 'string' || typeof ErrorCode === 'number');
    });
  if (!shaped) return `refused with ${res.statusCode} outside the error shape: ${res.body.slice(0, 300)}`;
  if (changes.length) return `refused with ${res.statusCode} (${res.body.slice(0, 200)}) yet wrote ${JSON.stringify(changes).slice(0, 600)}`;
  return null;
}
