import { HttpError } from '../http-error.ts';

type KeyValue = string | number | boolean | null;

/**
 * A page boundary: the sort-key values of a row, and the order they belong to. Opaque to the client,
 * which hands it back to ask for the page after or before that row.
 */
export interface Cursor {
  order: string;
  values: KeyValue[];
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.order, cursor.values])).toString('base64url');
}

function isKeyValue(v: unknown): v is KeyValue {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

export function decodeCursor(text: string, parameter: string): Cursor {
  try {
    const [order, values] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof order === 'string' && Array.isArray(values) && values.every(isKeyValue)) return { order, values };
  } catch {
    // fall through to the error below
  }
  throw HttpError.of(400, 'The page position is not valid; go back to the first page.', parameter, 'InvalidCursor');
}

/** Values from a row for the cursor: dates as ISO strings so they compare as timestamps again. */
export function keyValuesOf(row: Record<string, unknown>, fields: string[]): KeyValue[] {
  return fields.map((f) => {
    const v = row[f];
    if (v instanceof Date) return v.toISOString();
    return isKeyValue(v) ? v : String(v);
  });
}
