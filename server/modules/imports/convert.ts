import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { isUsDate } from '../../../engine/core/dates/us-date.ts';

type Row = Record<string, unknown>;

/** The field types a file's text can name a value of (a file, an image, an address or a phone list cannot be a cell). */
export const importableTypes = new Set(['text', 'textArea', 'richText', 'integer', 'decimal', 'currency', 'percentage', 'date', 'yesNo', 'selectOne', 'selectMany']);

/** How a cell's text becomes a value: the value, or an error item (a lookup name that is not in its list). */
export type CellConverter = (text: string) => { value?: unknown; error?: ErrorItem };

/** A number as the product shows it: 1,234.5, $1,234.50, (12.00) for a negative, 12.5%. Text that is none stays text (the schema then refuses it). */
export function numberOf(text: string): number | string {
  let t = text.trim().replace(/[$,\s]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (t.endsWith('%')) t = t.slice(0, -1);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return text;
  const n = Number(t);
  return negative ? -n : n;
}

/** A date as the product shows it (MM/dd/yyyy), or ISO (yyyy-MM-dd), as the ISO date the record stores; other text stays (refused by the schema). */
export function dateOf(text: string): string {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const day = t.split(' ')[0];
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(day);
  if (!m) return text;
  const us = `${m[1].padStart(2, '0')}/${m[2].padStart(2, '0')}/${m[3]}`;
  return isUsDate(us, 'usDate') ? `${m[3]}-${us.slice(0, 2)}-${us.slice(3, 5)}` : text;
}

const yes = new Set(['yes', 'y', 'true', '1', 'on']);
const no = new Set(['no', 'n', 'false', '0', 'off', '']);

/** The simple lookup list a select draws from ('simple-lookup-7' -> 7). */
function listIdOf(uiSchema: Row | undefined): number | null {
  const source = (uiSchema?.['ui:options'] as Row | undefined)?.source;
  const match = typeof source === 'string' ? /^simple-lookup-(\d+)$/.exec(source) : null;
  return match ? Number(match[1]) : null;
}

/** A list's items by name (case-insensitive, as the list's unique index compares them), retired ones too. */
async function itemsByName(db: Knex, listId: number): Promise<Map<string, number>> {
  const rows: Array<{ Id: number; Name: string }> = await db('simple_lookup_items').where({ TableId: listId }).select({ Id: 'SimpleLookupItemId', Name: 'Name' });
  return new Map(rows.map((r) => [r.Name.trim().toLowerCase(), r.Id]));
}

/**
 * The converter of each mapped field, by its type: lookups by item name (several in one cell separated by ';'), dates
 * and numbers in the formats the product shows. An empty cell is no value (a required field then reads '{0} is required.').
 */
export async function cellConverters(db: Knex, entity: JsonSchema, uiSchema: Row, fields: string[]): Promise<Map<string, CellConverter>> {
  const out = new Map<string, CellConverter>();
  for (const field of fields) {
    const property = (entity.properties?.[field] ?? {}) as Row;
    const type = property['x-fieldType'] as string;
    const title = String(property.title ?? field);
    const notInList = (): ErrorItem => ({ PropertyName: field, ErrorMessage: `Choose ${title} from its list.`, ErrorCode: 'notInList' });
    const blank = (text: string) => text.trim() === '';
    switch (type) {
      case 'integer': case 'decimal': case 'currency': case 'percentage':
        out.set(field, (text) => (blank(text) ? {} : { value: numberOf(text) }));
        break;
      case 'date':
        out.set(field, (text) => (blank(text) ? {} : { value: dateOf(text) }));
        break;
      case 'yesNo':
        out.set(field, (text) => {
          const t = text.trim().toLowerCase();
          return yes.has(t) ? { value: true } : no.has(t) ? { value: false } : { value: text };
        });
        break;
      case 'selectOne': case 'selectMany': {
        const listId = listIdOf(uiSchema[field] as Row | undefined);
        const items = listId === null ? new Map<string, number>() : await itemsByName(db, listId);
        out.set(field, (text) => {
          if (blank(text)) return {};
          const names = type === 'selectOne' ? [text] : text.split(';').filter((n) => n.trim() !== '');
          const ids = names.map((n) => items.get(n.trim().toLowerCase()));
          if (ids.some((id) => id === undefined)) return { error: notInList() };
          return { value: type === 'selectOne' ? ids[0] : ids };
        });
        break;
      }
      default:
        out.set(field, (text) => (blank(text) ? {} : { value: text }));
    }
  }
  return out;
}
