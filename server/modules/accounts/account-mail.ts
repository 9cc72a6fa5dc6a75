import type { Mail } from '../../lib/mailer.ts';
import type { Reason } from './verification-keys.ts';

/** The page each key's link opens (spec 1 section 2, public routes), under PUBLIC_URL. */
export function keyLink(publicUrl: string, reason: Reason, key: string): string {
  const token = encodeURIComponent(key);
  switch (reason) {
    case 'activation': return `${publicUrl}/user/activate/activation/${token}`;
    case 'activationupdatepassword': return `${publicUrl}/user/activateupdatepassword/activationupdatepassword/${token}`;
    case 'passwordreset': return `${publicUrl}/user/changepassword/${token}`;
    case 'signin': return `${publicUrl}/login/${token}`;
  }
}

export interface Recipient {
  UserName: string;
  FirstName: string;
  EmailAddress: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Text and HTML of one mail: paragraphs, and the link on a line of its own so any client can follow it. */
function compose(to: string, subject: string, paragraphs: string[], link?: string): Mail {
  const text = [...paragraphs, ...(link ? [link] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`] : []),
  ].join('\n');
  return { to, subject, text: `${text}\n`, html };
}

function hours(seconds: number): string {
  return seconds >= 3600 ? `${Math.round(seconds / 3600)} hour(s)` : `${Math.max(1, Math.round(seconds / 60))} minute(s)`;
}

export function keyMail(user: Recipient, reason: Reason, link: string, lifetimeSeconds: number): Mail {
  const hello = `Hello ${user.FirstName},`;
  const valid = `This link can be used once and expires in ${hours(lifetimeSeconds)}.`;
  switch (reason) {
    case 'activation':
      return compose(user.EmailAddress, 'Activate your account', [hello, `Please verify the account ${user.UserName} by opening the link below, then sign in.`, valid], link);
    case 'activationupdatepassword':
      return compose(user.EmailAddress, 'Activate your account', [hello, `Please verify the account ${user.UserName} and create its password by opening the link below.`, valid], link);
    case 'passwordreset':
      return compose(user.EmailAddress, 'Change your password', [hello, `A password change was requested for the account ${user.UserName}. Open the link below to choose a new password. If you did not ask for this, you can ignore this message.`, valid], link);
    case 'signin':
      return compose(user.EmailAddress, 'Your sign-in link', [hello, `Open the link below to sign in as ${user.UserName} without typing your password. If you did not ask for this, you can ignore this message.`, valid], link);
  }
}

export function userNameMail(to: string, users: Array<Pick<Recipient, 'UserName'>>): Mail {
  const names = users.map((u) => u.UserName);
  const lines = names.length === 1
    ? [`The user name of the account with this email address is: ${names[0]}`]
    : ['The user names of the accounts with this email address are:', ...names];
  return compose(to, 'Your user name', [...lines, 'If you did not ask for this, you can ignore this message.']);
}

/** One part of an address shown partially: its first and last characters ('m***y'), or just the first when short. */
function maskPart(part: string): string {
  return part.length <= 2 ? `${part.slice(0, 1)}***` : `${part[0]}***${part[part.length - 1]}`;
}

/** An address as a notice names it: enough for its owner to recognise it, not enough to write to it ('m***y@e***l.example.com'). */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return maskPart(address);
  const domain = address.slice(at + 1);
  const dot = domain.indexOf('.');
  const host = dot < 0 ? domain : domain.slice(0, dot);
  return `${maskPart(address.slice(0, at))}@${maskPart(host)}${dot < 0 ? '' : domain.slice(dot)}`;
}

export interface EmailChange {
  /** The account as its owner knew it before the change. */
  FirstName: string;
  UserName: string;
  NewUserName: string;
  OldAddress: string;
  NewAddress: string;
  /** The user name of whoever saved the change (the owner themself, or an administrator). */
  ChangedBy: string;
  When: Date;
}

/** The notice to the old address that an account's e-mail address changed: to what (masked), by whom, when, and what to do. */
export function emailChangedMail(change: EmailChange): Mail {
  const by = change.ChangedBy.toLowerCase() === change.UserName.toLowerCase() ? `by you (signed in as ${change.UserName})` : `by the user ${change.ChangedBy}`;
  const when = `${change.When.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return compose(change.OldAddress, 'The e-mail address of your account was changed', [
    `Hello ${change.FirstName},`,
    `The e-mail address of the account ${change.UserName} was changed from this address to ${maskedAddress(change.NewAddress)} ${by} on ${when}.`,
    ...(change.NewUserName !== change.UserName ? [`Its user name is now ${change.NewUserName}.`] : []),
    'Password links and other mail about the account now go to the new address.',
    'If you did not make or ask for this change, contact your administrator at once: someone else may be taking over your account.',
  ]);
}
