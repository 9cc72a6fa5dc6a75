import { message } from '../messages.ts';
import { displayFormats, formatDisplayDate } from './display.ts';
import { toLocalDate } from './incoming.ts';

/** The audit fields the record info block reads. A "by" is a user name, or a user with UserName or names. */
export interface RecordAudit {
  IsActive?: boolean | null;
  CreatedDate?: Date | string | null;
  CreatedBy?: unknown;
  ModifiedDate?: Date | string | null;
  ModifiedBy?: unknown;
  DeactivatedDate?: Date | string | null;
  DeactivatedBy?: unknown;
}

function userName(by: unknown): string {
  if (typeof by === 'string' || typeof by === 'number') return String(by);
  if (typeof by !== 'object' || by === null) return '';
  const user = by as { UserName?: string; FirstName?: string; LastName?: string };
  return user.UserName || [user.FirstName, user.LastName].filter(Boolean).join(' ');
}

function line(key: 'deactivatedOn' | 'lastUpdatedOn' | 'createdOn', date: Date, by: unknown, pattern: string): string {
  const on = message(key, [formatDisplayDate(date, pattern)]);
  const name = userName(by);
  return name ? message('byUser', [on, name]) : on;
}

/**
 * The lines of the record info block (spec 2 "Generic listing grids"), in this order:
 * 'Deactivated on {date} by {user}' (only while the record is inactive), 'Last updated on ...',
 * 'Created on ...'. Dates read MM/dd/yyyy HH:mm unless another pattern is given; absent dates
 * (and the null date) leave their line out.
 */
export function recordInfoLines(record: RecordAudit, pattern: string = displayFormats.recordInfo): string[] {
  const lines: string[] = [];
  const deactivated = toLocalDate(record.DeactivatedDate);
  if (deactivated && record.IsActive !== true) lines.push(line('deactivatedOn', deactivated, record.DeactivatedBy, pattern));
  const modified = toLocalDate(record.ModifiedDate);
  if (modified) lines.push(line('lastUpdatedOn', modified, record.ModifiedBy, pattern));
  const created = toLocalDate(record.CreatedDate);
  if (created) lines.push(line('createdOn', created, record.CreatedBy, pattern));
  return lines;
}
