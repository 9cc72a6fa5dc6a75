import type { JsonSchema } from '../../../engine/core/forms/types.ts';
import { displayFormats, formatDisplayDate } from '../../../engine/core/dates/display.ts';

/** One entry of GET {api}/{id}/history (server/lib/crud/audit.ts). */
export interface HistoryChange { Field: string; Old: unknown; New: unknown }
export interface HistoryEntry { AuditId: number; Action: 'create' | 'update' | 'deactivate' | 'delete'; ChangedBy: string | null; ChangedAt: string; Changes: HistoryChange[] }

export const actionLabels: Record<HistoryEntry['Action'], string> = { create: 'Created', update: 'Updated', deactivate: 'Deactivated', delete: 'Deleted' };

/** What shows for a field with no value. */
export const emptyValue = '(empty)';

/** A field as the form labels it: the entity schema's title, else its name. */
export function fieldLabel(entity: JsonSchema, field: string): string {
  const prop = entity.properties?.[field] as JsonSchema | undefined;
  return typeof prop?.title === 'string' && prop.title ? prop.title : field;
}

const isDateProperty = (prop: JsonSchema | undefined) => prop?.format === 'date-time' || prop?.format === 'date';
const isoDate = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

/** A stored value as a person reads it: Yes/No, dates in the app's display format, lists joined. */
export function formatHistoryValue(entity: JsonSchema, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return emptyValue;
  const prop = entity.properties?.[field] as JsonSchema | undefined;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((v) => formatHistoryValue(entity, '', v)).join(', ') : emptyValue;
  if (typeof value === 'string' && (isDateProperty(prop) || isoDate.test(value))) {
    return formatDisplayDate(value, prop?.format === 'date' ? displayFormats.date : displayFormats.dateTime, emptyValue);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
