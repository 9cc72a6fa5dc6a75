import { RecordTableError, type SqlType } from './columns.ts';

/**
 * How a column's values convert from one SQL type to another. For each supported pair:
 * - `ok(v)`: a boolean SQL expression, true when the non-null value v converts; it never raises an error.
 * - `using(v)`: the ALTER ... USING expression. Where `ok` is false it raises an error (a cast of a
 *   message that is no value of the type) rather than yield null: no value is ever silently lost.
 * `v` is SQL text (a quoted column). No `?` appears in these templates (knex reads it as a binding).
 */
interface Conversion {
  ok(v: string): string;
  using(v: string): string;
}

const always = (using: (v: string) => string): Conversion => ({ ok: () => 'true', using });
const guarded = (ok: (v: string) => string, convert: (v: string) => string, to: SqlType): Conversion => ({
  ok,
  using: (v) => `case when ${v} is null then null when ${ok(v)} then ${convert(v)} else ('not convertible: ' || ${v}::text)::${to} end`,
});

const int4 = 'between -2147483648 and 2147483647';
const trimmed = (v: string) => `btrim(${v})`;

// Whole numbers, optionally signed, that fit a 4-byte integer.
const textIsInteger = (v: string) => `(case when ${trimmed(v)} ~ '^[+-]{0,1}[0-9]+$' then ${trimmed(v)}::numeric ${int4} else false end)`;
// Plain decimals (no exponent, no NaN/Infinity).
const textIsNumeric = (v: string) => `(${trimmed(v)} ~ '^[+-]{0,1}([0-9]+([.][0-9]*){0,1}|[.][0-9]+)$')`;
// ISO calendar dates YYYY-MM-DD that exist (no 2024-02-30); read with make_date, so DateStyle never matters.
const part = (v: string, from: number, length: number) => `substr(${trimmed(v)}, ${from}, ${length})::int`;
const textIsDate = (v: string) => `(case when ${trimmed(v)} !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then false
  when ${part(v, 1, 4)} < 1 or ${part(v, 6, 2)} not between 1 and 12 then false
  else ${part(v, 9, 2)} between 1 and extract(day from make_date(${part(v, 1, 4)}, ${part(v, 6, 2)}, 1) + interval '1 month - 1 day')::int end)`;
const textToDate = (v: string) => `make_date(${part(v, 1, 4)}, ${part(v, 6, 2)}, ${part(v, 9, 2)})`;
const trueWords = "('true', 'yes', '1')";
const falseWords = "('false', 'no', '0')";
const textIsBoolean = (v: string) => `(lower(${trimmed(v)}) in ${trueWords} or lower(${trimmed(v)}) in ${falseWords})`;
const numericIsInteger = (v: string) => `(${v} = trunc(${v}) and ${v} ${int4})`;

const toText: Partial<Record<SqlType, (v: string) => string>> = {
  integer: (v) => `${v}::text`,
  numeric: (v) => `${v}::text`,
  boolean: (v) => `${v}::text`,
  date: (v) => `to_char(${v}, 'YYYY-MM-DD')`,
  timestamptz: (v) => `to_char(${v} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  // A JSON string becomes its text without quotes; other JSON values their JSON text.
  jsonb: (v) => `(${v} #>> '{}')`,
};

const conversions: Partial<Record<SqlType, Partial<Record<SqlType, Conversion>>>> = {
  text: {
    integer: guarded(textIsInteger, (v) => `${trimmed(v)}::integer`, 'integer'),
    numeric: guarded(textIsNumeric, (v) => `${trimmed(v)}::numeric`, 'numeric'),
    date: guarded(textIsDate, textToDate, 'date'),
    boolean: guarded(textIsBoolean, (v) => `(lower(${trimmed(v)}) in ${trueWords})`, 'boolean'),
  },
  integer: { numeric: always((v) => `${v}::numeric`) },
  numeric: { integer: guarded(numericIsInteger, (v) => `${v}::integer`, 'integer') },
};
for (const [from, convert] of Object.entries(toText) as Array<[SqlType, (v: string) => string]>) {
  (conversions[from] ??= {}).text = always(convert);
}
for (const from of ['text', 'integer', 'numeric', 'boolean', 'date', 'timestamptz'] as const) {
  (conversions[from] ??= {}).jsonb = always((v) => `to_jsonb(${v})`);
}

/** The supported type changes, from each type to the types it may become. */
export const supportedTypeChanges: Readonly<Record<SqlType, SqlType[]>> = Object.fromEntries(
  Object.entries(conversions).map(([from, targets]) => [from, Object.keys(targets ?? {})]),
) as Record<SqlType, SqlType[]>;

export function conversion(from: SqlType, to: SqlType, column: string): Conversion {
  if (from === to) throw new RecordTableError(`column "${column}" is already of type ${to}`);
  const found = conversions[from]?.[to];
  if (found) return found;
  // Between types with no conversion (a date and an integer) no value converts: the change is refused while
  // the column holds any value, and applies to one that holds none (its nulls stay null).
  return { ok: () => 'false', using: (v) => `case when ${v} is null then null::${to} else ('not convertible: ' || ${v}::text)::${to} end` };
}
