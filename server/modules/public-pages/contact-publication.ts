import type { Knex } from 'knex';
import { contactFormKey, type PublicFormChange } from '../../../engine/core/lowcode/public-forms.ts';
import { fieldsOf } from '../public-forms/settings-store.ts';
import { shippedForm } from './shipped-forms.ts';

/** Who the contact form's first public settings are stamped as (the administrator's later saves name themselves). */
const publishedBy = 'Shipped with the product';

/**
 * Publishes the shipped Contact Messages form under the contact key (/customercare/contactus draws it): its shipped
 * fields offered, the honeypot on, a minimum fill time and a limit per hour, new messages e-mailed to the client
 * settings' contact address and confirmed to the sender's Email. Once: the form's public_forms row, whoever wrote it,
 * is never written here again, so an administrator's later changes (switching it off included) stand at every start,
 * and of two processes starting at once the second's insert is ignored. True when it published the form now.
 */
export async function publishContactForm(db: Knex): Promise<boolean> {
  const form = await shippedForm(db, 'Contact Messages');
  if (!form) return false;
  const shipped = new Set(form.built.screen.form?.fields.create ?? []);
  const fields = fieldsOf(form.built).filter((f) => f.CanOffer && shipped.has(f.Name));
  const email = form.has('Email') ? fields.find((f) => f.Name === form.column('Email') && f.IsEmail) : undefined;
  const settings: PublicFormChange = {
    IsPublic: true, FieldIds: fields.map((f) => f.FormFieldId), Honeypot: true, MinFillSeconds: 3, MaxPerHour: 10,
    NotifyTo: 'contactAddress', NotifyAddress: null, ConfirmFieldId: email?.FormFieldId ?? null,
  };
  const inserted = await db('public_forms')
    .insert({ FormId: form.built.form.FormId, PublicKey: contactFormKey, ...settings, FieldIds: JSON.stringify(settings.FieldIds), ModifiedBy: publishedBy, ModifiedDate: db.fn.now() })
    .onConflict('FormId').ignore().returning('FormId');
  return inserted.length > 0;
}
