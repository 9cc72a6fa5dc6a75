import type { Knex } from 'knex';
import type { Principal } from '../../types.ts';
import { actorHoldsEveryPrivilegeOf } from '../users/credential-access.ts';

type Row = Record<string, unknown>;

export const withheldMessages = {
  notKept: 'This mail went to the mail server: its body is not kept here, as it may hold a sign-in link.',
  notYours: 'This mail holds a link that signs in to an account holding access you do not hold: only a user who holds all of it may read it.',
};

/**
 * One outbox mail as this reader may read it. A mail that carries an account's sign-in, activation or password link
 * (UserId) lets whoever reads it act as that account, so its bodies are shown only to a reader who holds every
 * privilege that account holds (the rule for changing how a user signs in, DESIGN "Identity"); mail sent through SMTP
 * kept no body. BodyWithheld says which, or is null.
 */
export async function readableMail(db: Knex, reader: Principal, mail: Row): Promise<Row> {
  const { UserId, ...shown } = mail;
  if (mail.Status !== 'Not sent') return { ...shown, TextBody: '', HtmlBody: null, BodyWithheld: withheldMessages.notKept };
  if (typeof UserId === 'number') {
    const account = await db('users').where({ UserId }).first('UserId', 'IsMaster');
    if (account && !(await actorHoldsEveryPrivilegeOf(db, reader, account))) {
      return { ...shown, TextBody: '', HtmlBody: null, BodyWithheld: withheldMessages.notYours };
    }
  }
  return { ...shown, BodyWithheld: null };
}
