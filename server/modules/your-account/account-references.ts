import type { Knex } from 'knex';
import { message } from '../../../engine/core/messages.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { HttpError } from '../../lib/http-error.ts';
import { optionNames } from '../lookups/option-names.ts';

type Values = Record<string, unknown>;
type Ref = { Id: number; Name?: string };

const isObject = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A real choice: an object with an integer Id other than the placeholder -1. */
const isChoice = (v: unknown): v is Ref => isObject(v) && Number.isInteger(v.Id) && v.Id !== -1;

/** Each choice named as the database names it; a choice of nothing is refused as 'Must be a valid {label}.' */
async function named(db: Knex, lookup: string, label: string, field: string, refs: Ref[], errors: ErrorItem[]): Promise<Map<number, string>> {
  const names = await optionNames(db, lookup, refs.map((r) => r.Id));
  if (refs.some((r) => !names.has(r.Id))) errors.push({ PropertyName: field, ErrorMessage: message('pattern', ['', label]), ErrorCode: 'UnknownOption' });
  return names;
}

/**
 * A Your Account body with its choices made trustworthy before the form's check: the names of the country, state and
 * phone types come from the database, not the client (the address rules tell the United States by the country's
 * name), and an Id that names no option is refused (400) instead of failing the write.
 */
export async function resolveAccountReferences(db: Knex, body: Values): Promise<Values> {
  const errors: ErrorItem[] = [];
  const next = { ...body };
  if (isObject(body.Address)) {
    const address = { ...body.Address };
    for (const [part, lookup] of [['Country', 'countries'], ['State', 'states']] as const) {
      const ref = address[part];
      if (!isChoice(ref)) continue;
      const names = await named(db, lookup, part, `Address.${part}`, [ref], errors);
      address[part] = { Id: ref.Id, Name: names.get(ref.Id) };
    }
    next.Address = address;
  }
  if (Array.isArray(body.PhoneNumbers)) {
    const phones = body.PhoneNumbers as unknown[];
    const types = phones.map((p) => (isObject(p) ? p.PhoneNumberType : undefined)).filter(isChoice);
    const names = await named(db, 'phone-number-types', 'Type', 'PhoneNumbers', types, errors);
    next.PhoneNumbers = phones.map((p) => (isObject(p) && isChoice(p.PhoneNumberType)
      ? { ...p, PhoneNumberType: { Id: p.PhoneNumberType.Id, Name: names.get(p.PhoneNumberType.Id) } }
      : p));
  }
  const salutation = body.Salutation;
  if (Number.isInteger(salutation) && salutation !== -1) await named(db, 'salutations', 'Salutation', 'Salutation', [{ Id: salutation as number }], errors);
  if (errors.length) throw new HttpError(400, errors);
  return next;
}
