import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { publicFormDefaults, publicFormMessages, typesNotOffered, type PublicFormChange, type PublicFormSettings } from '../../../engine/core/lowcode/public-forms.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { BuiltForm } from '../forms/built-forms.ts';

type Row = Record<string, unknown>;

/** An unguessable address: 192 random bits. */
export const newPublicKey = (): string => randomBytes(24).toString('base64url');

export interface StoredPublicForm extends PublicFormChange { FormId: number; PublicKey: string }

const columns = ['FormId', 'PublicKey', 'IsPublic', 'FieldIds', 'Honeypot', 'MinFillSeconds', 'MaxPerHour', 'NotifyTo', 'NotifyAddress', 'ConfirmFieldId'] as const;

function fromRow(row: Row): StoredPublicForm {
  const ids = typeof row.FieldIds === 'string' ? JSON.parse(row.FieldIds) : row.FieldIds;
  return { ...(row as unknown as StoredPublicForm), FieldIds: Array.isArray(ids) ? ids.map(Number) : [] };
}

export async function storedPublicForm(db: Knex, formId: number): Promise<StoredPublicForm | null> {
  const row = await db('public_forms').where({ FormId: formId }).first(columns);
  return row ? fromRow(row) : null;
}

export async function publicFormByKey(db: Knex, key: string): Promise<StoredPublicForm | null> {
  const row = await db('public_forms').where({ PublicKey: key, IsPublic: true }).first(columns);
  return row ? fromRow(row) : null;
}

/** A built form's fields as today's composed entity has them, with whether a visitor can fill each. */
export function fieldsOf(built: Pick<BuiltForm, 'entity'>): PublicFormSettings['Fields'] {
  const required = new Set(built.entity.required ?? []);
  return Object.entries(built.entity.properties ?? {}).flatMap(([name, property]) => {
    const p = property as Row;
    if (typeof p['x-formFieldId'] !== 'number') return [];
    const type = String(p['x-fieldType'] ?? '');
    return [{
      FormFieldId: p['x-formFieldId'], Name: name, Title: String(p.title ?? name), FieldType: type, Required: required.has(name),
      CanOffer: !(typesNotOffered as readonly string[]).includes(type), IsEmail: p.format === 'email',
    }];
  });
}

/** The property names a visitor fills: the chosen fields that are still on the form and can be offered. */
export function offeredNames(built: Pick<BuiltForm, 'entity'>, fieldIds: number[]): string[] {
  return fieldsOf(built).filter((f) => f.CanOffer && fieldIds.includes(f.FormFieldId)).map((f) => f.Name);
}

/** The required fields a visitor could not fill: a form with any may not be public (nor answer while it has them). */
export function requiredNotOffered(built: Pick<BuiltForm, 'entity'>, fieldIds: number[]): string[] {
  const offered = new Set(offeredNames(built, fieldIds));
  return fieldsOf(built).filter((f) => f.Required && !offered.has(f.Name)).map((f) => f.Title);
}

/** The settings an administrator sees (the defaults, and no address, until first saved). */
export function settingsView(built: BuiltForm, stored: StoredPublicForm | null): PublicFormSettings {
  const { FormId } = built.form;
  const Fields = fieldsOf(built);
  // A chosen field since removed (or ended) from the form is no longer offered, nor shown as chosen.
  const FieldIds = (stored?.FieldIds ?? []).filter((id) => Fields.some((f) => f.CanOffer && f.FormFieldId === id));
  const ConfirmFieldId = stored?.ConfirmFieldId && FieldIds.includes(stored.ConfirmFieldId) ? stored.ConfirmFieldId : null;
  return { ...publicFormDefaults, ...stored, FormId, PublicKey: stored?.PublicKey ?? null, FieldIds, ConfirmFieldId, Fields };
}

/** Refuses a change that names a field a visitor cannot fill, or publishes a form a visitor could not complete. */
export function checkChange(built: BuiltForm, change: PublicFormChange): void {
  const fields = fieldsOf(built);
  const unknown = change.FieldIds.filter((id) => !fields.some((f) => f.FormFieldId === id && f.CanOffer));
  if (unknown.length) throw HttpError.of(400, `${publicFormMessages.cannotOffer} (field id ${unknown.join(', ')})`, 'FieldIds', 'NotOfferable');
  checkNotifications(built, change);
  if (!change.IsPublic) return;
  if (!change.FieldIds.length) throw HttpError.of(400, publicFormMessages.noFields, 'FieldIds', 'NoFields');
  const missing = requiredNotOffered(built, change.FieldIds);
  if (missing.length) throw HttpError.of(400, publicFormMessages.requiredNotOffered(missing), 'FieldIds', 'RequiredNotOffered');
}

/**
 * Refuses notifications that could not be sent: an address to notify that is missing, and a confirmation to a field
 * that is not an offered e-mail field (the visitor would not fill it, or it would not hold an address).
 */
export function checkNotifications(built: BuiltForm, change: PublicFormChange): void {
  if (change.NotifyTo === 'address' && !change.NotifyAddress) throw HttpError.of(400, publicFormMessages.notifyAddress, 'NotifyAddress', 'Required');
  if (change.ConfirmFieldId === null) return;
  const field = fieldsOf(built).find((f) => f.FormFieldId === change.ConfirmFieldId);
  if (!field?.IsEmail || !field.CanOffer || !change.FieldIds.includes(field.FormFieldId)) throw HttpError.of(400, publicFormMessages.confirmField, 'ConfirmFieldId', 'NotAnOfferedEmail');
}

export async function savePublicForm(trx: Knex, formId: number, change: PublicFormChange, who: string): Promise<void> {
  // An address is kept only while it is the one notified, so a later switch to the contact address leaves none behind.
  const NotifyAddress = change.NotifyTo === 'address' ? change.NotifyAddress : null;
  const values = { ...change, NotifyAddress, FieldIds: JSON.stringify([...new Set(change.FieldIds)]), ModifiedBy: who, ModifiedDate: trx.fn.now() };
  await trx('public_forms').insert({ FormId: formId, PublicKey: newPublicKey(), ...values }).onConflict('FormId').merge(Object.keys(values));
}

export async function renewPublicKey(trx: Knex, formId: number, who: string): Promise<void> {
  const values = { PublicKey: newPublicKey(), ModifiedBy: who, ModifiedDate: trx.fn.now() };
  await trx('public_forms').insert({ FormId: formId, ...publicFormDefaults, FieldIds: '[]', ...values }).onConflict('FormId').merge(Object.keys(values));
}
