import { getDaysInMonth } from 'date-fns/getDaysInMonth';

/** The highest year a date input accepts (spec 1 "Dates"). */
export const MAX_YEAR = 9000;

/** The mm/dd/yyyy forms a date input accepts: day only, with a 12-hour time, with a 24-hour time. */
export const usDateForms = {
  usDate: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/,
  usDateTime: /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}) ?([AaPp][Mm])$/,
  usDateTime24: /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})$/,
} as const;

export type UsDateForm = keyof typeof usDateForms;

/**
 * True when the parts name a day that exists: month 1 to 12, year 1 to 9000, and a day within
 * that month's length (29 February only in leap years).
 */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  if (year < 1 || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  // setFullYear, because the Date constructor maps years 0-99 to the 1900s.
  const firstOfMonth = new Date(2000, 0, 1);
  firstOfMonth.setFullYear(year, month - 1, 1);
  return day <= getDaysInMonth(firstOfMonth);
}

/** The local Date written as text in one of the mm/dd/yyyy forms, or null when it is not a real date and time. */
export function parseUsDate(text: string, form: UsDateForm = 'usDate'): Date | null {
  const match = usDateForms[form].exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [match[1], match[2], match[3]].map(Number);
  if (!isRealDate(year, month, day)) return null;
  let hours = match[4] === undefined ? 0 : Number(match[4]);
  const minutes = match[5] === undefined ? 0 : Number(match[5]);
  if (minutes > 59) return null;
  if (form === 'usDateTime') {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (match[6].toUpperCase() === 'PM' ? 12 : 0);
  } else if (hours > 23) return null;
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  date.setHours(hours, minutes, 0, 0);
  return date;
}

/** True when the text is a real date in the given mm/dd/yyyy form. */
export function isUsDate(text: string, form: UsDateForm = 'usDate'): boolean {
  return parseUsDate(text, form) !== null;
}
