/**
 * The wire contract of a built form published to the public (issue 32), shared by the server
 * (server/modules/public-forms) and the browser (ui/screens/forms/PublicTab.tsx, ui/screens/public-form).
 */
import type { ScreenDocument } from '../screen-document.ts';
import type { JsonSchema } from '../forms/index.ts';

export const publicFormApi = {
  /** FormManagement. GET: the form's public settings and the fields it may offer; POST PublicFormChange: saves them. */
  settings: '/api/forms/:id/public',
  /** FormManagement. POST: a new address (the old one stops answering at once). */
  newKey: '/api/forms/:id/public/key',
  /** No sign-in. GET: the definition a visitor fills (PublicFormDefinition); POST PublicFormSubmission: one new record. */
  visitor: '/api/public/forms/:key',
} as const;

/** The address a visitor opens (ui/routing/public-paths.ts publicForm). */
export const publicFormUrl = (key: string) => `/public/form/${encodeURIComponent(key)}`;

/**
 * The key the shipped Contact Messages form is published under (server/modules/public-pages/contact-publication.ts):
 * /customercare/contactus draws the public form of this key. It is public by design, so it is not renewed.
 */
export const contactFormKey = 'contact-us';

/** The Contact Us page (spec 1 section 2), which draws the public form of the contact key. */
export const contactPageUrl = '/customercare/contactus';

/** Where a public form's new record is sent: nowhere, the client settings' contact address (followed as it changes), or an address. */
export const notifyTargets = ['none', 'contactAddress', 'address'] as const;
export type NotifyTarget = (typeof notifyTargets)[number];

/** What an administrator chooses. A limit of 0 is off. */
export interface PublicFormChange {
  IsPublic: boolean;
  /** The fields a visitor fills and sees, by field id (a rename keeps them offered). */
  FieldIds: number[];
  Honeypot: boolean;
  MinFillSeconds: number;
  MaxPerHour: number;
  /** Who is e-mailed a new record's offered fields. */
  NotifyTo: NotifyTarget;
  /** The address, when NotifyTo is 'address' (else null). */
  NotifyAddress: string | null;
  /** An offered e-mail field: the visitor is sent there a confirmation that repeats nothing they typed. Null: none. */
  ConfirmFieldId: number | null;
}

export interface PublicFormSettings extends PublicFormChange {
  FormId: number;
  /** Null until the settings are first saved. */
  PublicKey: string | null;
  /** Every field of the form as of today, and whether a visitor can fill it (files need a session). */
  Fields: Array<{ FormFieldId: number; Name: string; Title: string; FieldType: string; Required: boolean; CanOffer: boolean; IsEmail: boolean }>;
}

export const publicFormDefaults: PublicFormChange = {
  IsPublic: false, FieldIds: [], Honeypot: true, MinFillSeconds: 3, MaxPerHour: 10, NotifyTo: 'none', NotifyAddress: null, ConfirmFieldId: null,
};
export const publicFormLimits = { maxMinFillSeconds: 600, maxPerHour: 10_000 } as const;

/** Field types a visitor cannot fill: an upload needs a session, and Specify Other adds to a lookup list. */
export const typesNotOffered = ['fileUpload', 'image', 'specifyOther'] as const;

/** The hidden field a person leaves empty (a name bots like to fill). */
export const honeypotField = 'Website';

export interface PublicFormDefinition {
  Title: string;
  Description: string | null;
  /** The form's screen with only the offered fields; selects carry their options (no lookup is read otherwise). */
  Screen: ScreenDocument;
  Entity: JsonSchema;
  /** The signed, timestamped fill token the POST sends back. */
  Token: string;
  /** Whether the page draws the hidden honeypot field. */
  Honeypot: boolean;
}

export interface PublicFormSubmission {
  Values: Record<string, unknown>;
  Token: string;
  [honeypotField]?: string;
}

export const publicFormMessages = {
  notFound: 'This form is not available. Its address may be wrong, or it is no longer published.',
  thanks: 'Thank you, your response has been recorded.',
  tooQuick: 'This form was sent too quickly after it was opened. Please take a moment to check your answers, then send it again.',
  expired: 'This form has expired or was already sent. Reload the page to fill it in again.',
  tooMany: 'Too many responses have come from your address in the last hour. Please try again later.',
  notOffered: 'This field is not part of the public form.',
  requiredNotOffered: (names: string[]) => `The form cannot be published: its required field${names.length === 1 ? '' : 's'} ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not offered to visitors, who could never fill ${names.length === 1 ? 'it' : 'them'}. Offer ${names.length === 1 ? 'it' : 'them'}, or make ${names.length === 1 ? 'it' : 'them'} optional.`,
  noFields: 'Choose at least one field for visitors to fill before publishing the form.',
  notifyAddress: 'Enter the e-mail address new responses are sent to.',
  confirmField: 'The confirmation goes to an e-mail field the visitor fills: choose one of the offered e-mail fields.',
  contactKeyKept: "The contact form keeps its address (/customercare/contactus): switch it off instead of renewing it.",
  cannotOffer: 'A visitor cannot fill this field (uploads need a signed-in user), or it is not a field of this form.',
} as const;
