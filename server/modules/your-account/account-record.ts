import type { Knex } from 'knex';
// The address widget's own rule (plain TypeScript, as the server's checks of writes use it too).
import { isUnitedStates } from '../../../engine/widgets/address/logic.ts';

/** A lookup choice as the widgets hold it: the Id, with the Name the address rules read. */
type Ref = { Id: number; Name?: string } | null | undefined;

export interface AccountAddress {
  Country?: Ref; Address1?: string; Address2?: string; City?: string;
  State?: Ref; ZipCode?: string; ProvinceRegion?: string; PostalCode?: string;
}

export interface AccountPhone {
  IsPrimary: boolean; PhoneNumberType: Ref; CountryCode: string; PhoneNumber: string; Extension?: string | null;
}

/** The Salutation select's 'Please Select' (spec 1 section 9): the read answers it for no title, so the form opens unchanged. */
const noSalutation = -1;

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';
/** Only the parts that hold something: the address widget tells "not filled in" by absence. */
const present = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => filled(v))) as T;
const refOf = (Id: number | null, Name: string | null): Ref => (Id === null ? undefined : { Id, Name: Name ?? undefined });

async function readAddress(db: Knex, userId: number): Promise<AccountAddress> {
  const row = await db('user_addresses as a')
    .leftJoin('countries as c', 'c.CountryId', 'a.CountryId')
    .leftJoin('states as s', 's.StateId', 'a.StateId')
    .where('a.UserId', userId)
    .first('a.CountryId', 'c.Name as CountryName', 'a.Address1', 'a.Address2', 'a.City', 'a.StateId', 's.Name as StateName', 'a.ZipCode', 'a.ProvinceRegion', 'a.PostalCode');
  if (!row) return {};
  const { CountryId, CountryName, StateId, StateName, ...parts } = row;
  return present({ Country: refOf(CountryId, CountryName), State: refOf(StateId, StateName), ...parts });
}

async function readPhones(db: Knex, userId: number): Promise<AccountPhone[]> {
  const rows = await db('user_phone_numbers as p')
    .join('phone_number_types as t', 't.PhoneNumberTypeId', 'p.PhoneNumberTypeId')
    .where('p.UserId', userId)
    .orderBy('p.SortOrder')
    .select('p.IsPrimary', 'p.PhoneNumberTypeId', 't.Name as TypeName', 'p.CountryCode', 'p.PhoneNumber', 'p.Extension');
  return rows.map(({ PhoneNumberTypeId, TypeName, Extension, ...phone }) => ({
    ...phone, PhoneNumberType: { Id: PhoneNumberTypeId, Name: TypeName }, Extension: Extension ?? '',
  }));
}

/** The signed-in user's account as the Your Account form shows it (no password: that is only ever written). */
export async function readAccount(db: Knex, userId: number): Promise<Record<string, unknown>> {
  const user = await db('users').where({ UserId: userId }).first('UserId', 'Salutation', 'FirstName', 'LastName', 'EmailAddress', 'UserName');
  return { ...user, Salutation: user.Salutation ?? noSalutation, Address: await readAddress(db, userId), PhoneNumbers: await readPhones(db, userId) };
}

/**
 * The address as columns, or null when nothing is filled in. Only the country's own region parts are kept: State
 * and ZipCode for the United States, ProvinceRegion and PostalCode elsewhere, as the widget clears the others.
 */
function addressColumns(address: AccountAddress | undefined): Record<string, unknown> | null {
  if (!address || !Object.values(address).some((v) => filled(v) && (v as { Id?: number }).Id !== -1)) return null;
  const us = isUnitedStates(address.Country);
  const text = (value: string | undefined) => (filled(value) ? value : null);
  return {
    CountryId: address.Country?.Id ?? null,
    Address1: text(address.Address1),
    Address2: text(address.Address2),
    City: text(address.City),
    StateId: us ? address.State?.Id ?? null : null,
    ZipCode: us ? text(address.ZipCode) : null,
    ProvinceRegion: us ? null : text(address.ProvinceRegion),
    PostalCode: us ? null : text(address.PostalCode),
  };
}

/** Writes the checked values of Your Account: the user's names, title, address and phone numbers (one transaction's work). */
export async function writeAccount(trx: Knex, userId: number, values: Record<string, unknown>, who: string): Promise<void> {
  const salutation = values.Salutation;
  await trx('users').where({ UserId: userId }).update({
    Salutation: typeof salutation === 'number' && salutation !== noSalutation ? salutation : null,
    FirstName: values.FirstName,
    LastName: values.LastName,
    EmailAddress: values.EmailAddress,
    UserName: values.UserName,
    ModifiedBy: who,
    ModifiedDate: trx.fn.now(),
  });
  const address = addressColumns(values.Address as AccountAddress | undefined);
  if (address) await trx('user_addresses').insert({ UserId: userId, ...address }).onConflict('UserId').merge();
  else await trx('user_addresses').where({ UserId: userId }).delete();
  // The list is saved whole, in its order: replacing it keeps no number the user removed.
  await trx('user_phone_numbers').where({ UserId: userId }).delete();
  const phones = (values.PhoneNumbers ?? []) as AccountPhone[];
  if (phones.length) {
    await trx('user_phone_numbers').insert(phones.map((phone, i) => ({
      UserId: userId,
      PhoneNumberTypeId: phone.PhoneNumberType?.Id,
      CountryCode: phone.CountryCode,
      PhoneNumber: phone.PhoneNumber,
      Extension: filled(phone.Extension) ? phone.Extension : null,
      IsPrimary: phone.IsPrimary === true,
      SortOrder: i,
    })));
  }
}
