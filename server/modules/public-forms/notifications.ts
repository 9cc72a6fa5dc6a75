import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import { contactFormKey, contactPageUrl, publicFormUrl } from '../../../engine/core/lowcode/public-forms.ts';
import type { BuiltForm } from '../forms/built-forms.ts';
import { shippedForm } from '../public-pages/shipped-forms.ts';
import { fieldsOf, type StoredPublicForm } from './settings-store.ts';

type Row = Record<string, unknown>;
interface Mail { to: string; subject: string; text: string }

const shown = (value: unknown): string => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The offered fields of the record, each as "Title: value", in the form's order. */
function labelled(built: BuiltForm, offered: string[], record: Row): string {
  return fieldsOf(built).filter((f) => offered.includes(f.Name)).map((f) => `${f.Title}: ${shown(record[f.Name])}`).join('\n');
}

/** The wording of the two e-mails: the contact form keeps the texts it had; any other public form names itself. */
async function wording(app: FastifyInstance, built: BuiltForm, stored: StoredPublicForm, record: Row) {
  const title = built.screen.title;
  // The contact form's notice names its own page (contactPageUrl) rather than /public/form/contact-us.
  if (stored.PublicKey === contactFormKey) {
    const contact = await shippedForm(app.db, 'Contact Messages');
    const subject = shown(contact?.built.form.FormId === built.form.FormId ? record[contact.column('Subject')] : '').slice(0, 150);
    return {
      notice: { subject: `Contact message: ${subject}`, sentThrough: `sent a message through ${app.config.publicUrl}${contactPageUrl}` },
      confirmation: {
        subject: 'We received your message',
        text: `Thank you for contacting us. We received your message and will reply to this address.\n\nIf you did not write to us, you can ignore this e-mail.\n\n${app.config.publicUrl}`,
      },
    };
  }
  return {
    notice: { subject: `New response: ${title}`, sentThrough: `sent a response through ${app.config.publicUrl}${publicFormUrl(stored.PublicKey)}` },
    confirmation: {
      subject: 'We received your response',
      text: `Thank you. We received your response to ${title}.\n\nIf you did not send it, you can ignore this e-mail.\n\n${app.config.publicUrl}`,
    },
  };
}

/** Where the notice goes: the client settings' contact address as it is now (it follows the setting), or the form's own. */
async function noticeAddress(app: FastifyInstance, stored: StoredPublicForm): Promise<string | null> {
  if (stored.NotifyTo === 'address') return stored.NotifyAddress;
  if (stored.NotifyTo !== 'contactAddress') return null;
  const settings = await app.db('client_settings').first('ContactEmailAddress');
  return (settings?.ContactEmailAddress as string | null | undefined) || null;
}

/**
 * The e-mails a visitor's stored record sends, as its public settings ask: the offered fields to the notified address,
 * and to the visitor's own e-mail field a confirmation that repeats NOTHING they typed (else the form would relay a
 * stranger's text to any address they name). Null for a mail not asked for, or with no address to go to.
 */
export async function recordMails(app: FastifyInstance, built: BuiltForm, stored: StoredPublicForm, offered: string[], record: Row): Promise<{ notice: Mail | null; confirmation: Mail | null; noticeUnaddressed: boolean }> {
  const words = await wording(app, built, stored, record);
  const to = await noticeAddress(app, stored);
  const notice = to ? { to, subject: words.notice.subject, text: `A visitor ${words.notice.sentThrough}.\n\n${labelled(built, offered, record)}\n\nIt is listed under ${built.screen.title}.` } : null;
  const confirmField = fieldsOf(built).find((f) => f.FormFieldId === stored.ConfirmFieldId && offered.includes(f.Name));
  const confirmTo = confirmField ? shown(record[confirmField.Name]).trim() : '';
  const confirmation = confirmTo ? { to: confirmTo, ...words.confirmation } : null;
  return { notice, confirmation, noticeUnaddressed: stored.NotifyTo !== 'none' && !to };
}

/** Queues the record's e-mails (app.mailer.later: the visitor's answer does not wait on the mail server). */
export async function sendRecordMails(app: FastifyInstance, log: FastifyBaseLogger, built: BuiltForm, stored: StoredPublicForm, offered: string[], record: Row): Promise<void> {
  if (stored.NotifyTo === 'none' && stored.ConfirmFieldId === null) return;
  const { notice, confirmation, noticeUnaddressed } = await recordMails(app, built, stored, offered, record);
  if (noticeUnaddressed) log.warn({ formId: built.form.FormId }, 'a public form record was stored, but there is no address to notify of it (the client settings have no Contact Email Address)');
  if (!notice && !confirmation) return;
  app.mailer.later(async () => {
    if (notice) await app.mailer.send(notice);
    if (confirmation) await app.mailer.send(confirmation);
  });
}
