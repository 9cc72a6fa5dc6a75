import type { Knex } from 'knex';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ShippedForm } from './shipped-forms.ts';

/** The route the contact form is drawn at, and what a visitor's record is written as. */
export const contactRoute = '/customercare/contactus';
export const contactWriter = 'Contact form (visitor)';

/**
 * What the contact page needs to draw the shipped form with the form engine: its create fields with their schema
 * and widgets, nothing of its list, module, routes or records. A field an administrator adds to the form is drawn too.
 */
export function contactScreen(form: ShippedForm): { Screen: Partial<ScreenDocument>; Schema: JsonSchema } {
  const { screen, entity } = form.built;
  const fields = screen.form?.fields.create ?? [];
  const properties = Object.fromEntries(fields.map((f) => [f, entity.properties![f]]));
  const uiSchema = Object.fromEntries(Object.entries(screen.form?.uiSchema ?? {}).filter(([k]) => k.startsWith('ui:') || fields.includes(k as never)));
  return {
    Screen: {
      id: 'contact-us', title: 'Contact Us', module: null, entity: screen.entity, api: '/api/public/contact', idField: screen.idField, routes: {},
      form: { entityLabel: 'Message', fields: { create: fields, update: fields }, uiSchema, buttonSets: { create: 'Create' }, promptOnAbandon: false,
        notices: { Create: { success: 'Your message has been sent.', error: 'Your message could not be sent.' } } },
    } as Partial<ScreenDocument>,
    Schema: { ...entity, properties, required: (entity.required ?? []).filter((f) => fields.includes(f as never)) },
  };
}

/** A visitor's values, only of the fields the page draws (never IsActive, ownership or anything else the record has). */
export function contactValues(form: ShippedForm, values: Record<string, unknown>): Record<string, unknown> {
  const fields = new Set<string>(form.built.screen.form?.fields.create ?? []);
  return Object.fromEntries(Object.entries(values).filter(([k]) => fields.has(k)));
}

/** How long a drawn form may stay open before its send is refused as expired. */
const drawValidHours = 12;

/** A token for one drawing of the form: its send hands it back (the minimum fill time is measured from now). */
export async function drawnToken(db: Knex, form: string): Promise<string> {
  await db('public_form_draws').where('DrawnAt', '<', db.raw("now() - make_interval(hours => ?)", [drawValidHours])).delete();
  const [{ Token }] = await db('public_form_draws').insert({ Form: form }).returning('Token');
  return Token as string;
}

/** How long ago the form was drawn; the token is used up (a send cannot be repeated with it). Unknown or expired: 400. */
export async function secondsSinceDrawn(db: Knex, form: string, token: string): Promise<number> {
  const known = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(token)
    ? await db('public_form_draws').where({ Token: token, Form: form }).where('DrawnAt', '>=', db.raw("now() - make_interval(hours => ?)", [drawValidHours]))
      .delete().returning(db.raw('extract(epoch from now() - drawn_at)::float8 as seconds'))
    : [];
  if (!known.length) throw HttpError.of(400, 'This form has expired. Please reload the page and send your message again.', 'Token', 'FormExpired');
  return Number(known[0].Seconds);
}

/** The text of the two e-mails: the message to the contact address, and a confirmation that echoes no visitor text. */
export function contactMails(form: ShippedForm, record: Record<string, unknown>, to: string | null, publicUrl: string) {
  const labelled = (form.built.screen.form?.fields.create ?? []).map((f) => {
    const title = String((form.built.entity.properties?.[f] as { title?: string } | undefined)?.title ?? f);
    return `${title}: ${record[f] === null || record[f] === undefined ? '' : String(record[f])}`;
  });
  const subject = String(record[form.column('Subject')] ?? '').slice(0, 150);
  return {
    notice: to ? { to, subject: `Contact message: ${subject}`, text: `A visitor sent a message through ${publicUrl}${contactRoute}.\n\n${labelled.join('\n')}\n\nIt is listed under Contact Messages.` } : null,
    // A confirmation repeats nothing the visitor typed: else the form would relay a stranger's text to any address.
    confirmation: {
      to: String(record[form.column('Email')]),
      subject: 'We received your message',
      text: `Thank you for contacting us. We received your message and will reply to this address.\n\nIf you did not write to us, you can ignore this e-mail.\n\n${publicUrl}`,
    },
  };
}
