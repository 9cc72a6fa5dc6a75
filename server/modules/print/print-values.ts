import sanitizeHtml from 'sanitize-html';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { displayFormats, formatDisplayDate, recordInfoLines, toLocalDate } from '../../../engine/core/dates/index.ts';
import { message } from '../../../engine/core/messages.ts';
import { formatCurrency } from '../../../engine/widgets/currency/logic.ts';
import { formatPercentage } from '../../../engine/widgets/percentage/logic.ts';
import { phoneCodec } from '../../../engine/widgets/phone/logic.ts';
import { einCodec } from '../../../engine/widgets/ein/logic.ts';
import { shownText } from '../../../engine/widgets/shared/typed-text.ts';

type Row = Record<string, unknown>;

/** One line of a printed record: the field's label and its value as the form shows it. */
export interface PrintedField {
  field: string;
  label: string;
  value: string;
}

/** A time zone the runtime knows (an IANA name such as 'America/New_York'), else undefined. */
export function knownTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A moment as a Date whose local fields are the wall clock in `timeZone` (the user's, sent by the browser), so the
 * display formats of engine/core/dates show it as the user's screen does. Without a zone: the server's own.
 */
export function inTimeZone(date: Date, timeZone: string | undefined): Date {
  if (!timeZone) return date;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

const uiOf = (screen: ScreenDocument, field: string): Row => ((screen.form?.uiSchema ?? {}) as Row)[field] as Row | undefined ?? {};
const optionsOf = (ui: Row): Row => (ui['ui:options'] as Row | undefined) ?? {};
const propertyOf = (entity: JsonSchema, field: string): Row | undefined => entity.properties?.[field] as Row | undefined;

/** Fields no print shows: secrets, and grants (a user's Permissions) that are a tree rather than a value. */
function printable(prop: Row | undefined, ui: Row): boolean {
  if (!prop || prop.writeOnly === true || prop.format === 'password') return false;
  return !['password', 'hidden'].includes(String(ui['ui:widget'] ?? '')) && ui['ui:field'] !== 'moduleAccess';
}

/** The form's label of a field: its title in the uiSchema or the entity, else its name. */
export function fieldLabel(entity: JsonSchema, screen: ScreenDocument, field: string): string {
  const title = uiOf(screen, field)['ui:title'] ?? propertyOf(entity, field)?.title;
  return typeof title === 'string' && title ? title : field;
}

const idsIn = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');

/** The names of a select source's options by id (as GET /api/lookups/{source}?ids= answers them); an id it lacks stays a number. */
export type OptionNamer = (source: string, ids: number[]) => Promise<Map<number, string>>;

/** The names of the chosen options of every select among the fields, by source and id, one call per source. */
async function optionNamesBySource(optionNames: OptionNamer, screen: ScreenDocument, fields: string[], record: Row): Promise<Map<string, Map<number, string>>> {
  const wanted = new Map<string, Set<number>>();
  for (const field of fields) {
    const source = optionsOf(uiOf(screen, field)).source;
    if (typeof source !== 'string') continue;
    const ids = idsIn(record[field]);
    if (!ids.length) continue;
    const set = wanted.get(source) ?? new Set<number>();
    ids.forEach((id) => set.add(id));
    wanted.set(source, set);
  }
  const out = new Map<string, Map<number, string>>();
  for (const [source, set] of wanted) out.set(source, await optionNames(source, [...set]));
  return out;
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day (yyyy-MM-dd) as MM/dd/yyyy, without passing through a time zone (it would move a day). */
function dayText(value: unknown): string {
  if (typeof value !== 'string') return '';
  const day = isoDay.exec(value);
  return day ? `${day[2]}/${day[3]}/${day[1]}` : formatDisplayDate(value, displayFormats.date, '');
}

/** Rich text as the plain text it reads as: paragraphs and line breaks kept as lines. */
function richText(html: string): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li)>/gi, '\n').replace(/<li[^>]*>/gi, '• ');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .split('\n').map((l) => l.trim()).filter(Boolean).join('\n');
}

const nameOf = (v: unknown): string => (v && typeof v === 'object' ? String((v as Row).Name ?? '') : '');

function addressText(a: Row): string {
  const cityLine = [a.City, nameOf(a.State) || a.ProvinceRegion, a.ZipCode || a.PostalCode].filter(Boolean).join(', ');
  return [a.Address1, a.Address2, cityLine, nameOf(a.Country)].filter(Boolean).map(String).join('\n');
}

function phoneText(p: Row): string {
  const number = [p.CountryCode ? `+${String(p.CountryCode).replace(/^\+/, '')}` : '', p.PhoneNumber, p.Extension ? `ext. ${String(p.Extension)}` : ''].filter(Boolean).join(' ');
  const type = nameOf(p.PhoneNumberType);
  return `${type ? `${type}: ` : ''}${number}${p.IsPrimary ? ' (Primary)' : ''}`;
}

interface FormatContext {
  names: Map<string, Map<number, string>>;
  timeZone?: string;
}

/** A value as the form shows it: dates, currency, percentages, yes/no, options by name, structured fields as lines. */
export function displayValue(prop: Row | undefined, ui: Row, value: unknown, context: FormatContext): string {
  const widget = String(ui['ui:widget'] ?? '');
  const field = String(ui['ui:field'] ?? '');
  const options = optionsOf(ui);
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) {
    return widget === 'notSpecifiedDate' ? message('notSpecified') : '';
  }
  const source = options.source;
  if (typeof source === 'string') {
    const names = context.names.get(source);
    return idsIn(value).map((id) => names?.get(id) ?? String(id)).join(', ');
  }
  const oneOf = prop?.oneOf as Row[] | undefined;
  if (Array.isArray(oneOf)) {
    const match = oneOf.find((o) => o.const === value);
    if (match && typeof match.title === 'string') return match.title;
  }
  if (widget === 'currency') return formatCurrency(Number(value));
  if (widget === 'percentage') return formatPercentage(Number(value), typeof options.decimals === 'number' ? options.decimals : undefined);
  if (widget === 'phone' && typeof value === 'string') return shownText(phoneCodec, value);
  if (widget === 'ein' && typeof value === 'string') return shownText(einCodec, value);
  if (widget === 'richtext' && typeof value === 'string') return richText(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (prop?.format === 'date') return dayText(value);
  if (prop?.format === 'date-time' || widget === 'notSpecifiedDate') {
    const date = toLocalDate(value);
    return date ? formatDisplayDate(inTimeZone(date, context.timeZone), displayFormats.dateTime) : String(value);
  }
  if (typeof value === 'number' && typeof prop?.decimalPlaces === 'number') return value.toFixed(prop.decimalPlaces);
  if (typeof value !== 'object') return String(value);
  const row = value as Row;
  if (field === 'dateRange') return [dayText(row.StartDate), dayText(row.EndDate)].filter(Boolean).join(' to ');
  if (field === 'address') return addressText(row);
  if (field === 'imageUpload') return String(row.UserFileName ?? '');
  if (Array.isArray(value)) {
    if (field === 'phoneList') return value.map((p) => phoneText(p as Row)).join('\n');
    if (field === 'fileUploader') return value.map((f) => String((f as Row).Name || (f as Row).UserFileName || '')).filter(Boolean).join('\n');
    if (field === 'specifyOther') return value.filter((e) => (e as Row).IsActive !== false).map(nameOf).filter(Boolean).join(', ');
    return value.map((v) => (v && typeof v === 'object' ? nameOf(v) : String(v))).filter(Boolean).join(', ');
  }
  if (typeof row.Name === 'string') return row.Name;
  return Object.values(row).filter((v) => v !== null && typeof v !== 'object').map(String).join(', ');
}

/** Properties that may stand for a record in its title, in order of preference. */
const nameFields = ['Name', 'DisplayName', 'UserName', 'Title'];

/** The text that names the record (its Name, or the list's first text column), or '' when it has none. */
export function recordName(screen: ScreenDocument, entity: JsonSchema, record: Row): string {
  const candidates = [...nameFields, ...(screen.list?.columns ?? []).filter((c) => c.type !== 'action').map((c) => c.field)];
  for (const field of candidates) {
    const prop = propertyOf(entity, field);
    const value = record[field];
    if (prop && prop.type !== 'object' && !prop.format && typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

export interface PrintedRecord {
  title: string;
  fields: PrintedField[];
  recordInfo: string[];
}

/**
 * What a record's print shows: the form's fields in its order (the update form's, else the create form's) that the
 * read answered with (a field the user may not see is not in the answer), labelled and in their display formats,
 * and the record info lines in the user's time zone.
 */
export async function printedRecord(optionNames: OptionNamer, screen: ScreenDocument, entity: JsonSchema, record: Row, timeZone?: string): Promise<PrintedRecord> {
  const order = screen.form?.fields.update ?? screen.form?.fields.create ?? [];
  const fields = order.filter((f) => Object.hasOwn(record, f) && printable(propertyOf(entity, f), uiOf(screen, f)));
  const context: FormatContext = { names: await optionNamesBySource(optionNames, screen, fields, record), timeZone };
  const name = recordName(screen, entity, record);
  const zoned = (v: unknown) => { const d = toLocalDate(v); return d ? inTimeZone(d, timeZone) : null; };
  return {
    title: name ? `${screen.title}: ${name}` : screen.title,
    fields: fields.map((field) => ({
      field,
      label: fieldLabel(entity, screen, field),
      value: displayValue(propertyOf(entity, field), uiOf(screen, field), record[field], context),
    })),
    recordInfo: recordInfoLines({
      IsActive: record.IsActive as boolean | undefined,
      CreatedDate: zoned(record.CreatedDate), CreatedBy: record.CreatedBy,
      ModifiedDate: zoned(record.ModifiedDate), ModifiedBy: record.ModifiedBy,
      DeactivatedDate: zoned(record.DeactivatedDate), DeactivatedBy: record.DeactivatedBy,
    }),
  };
}
