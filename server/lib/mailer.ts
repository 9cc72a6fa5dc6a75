import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import { HttpError } from './http-error.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (a scheduled report), read from disk as the mail is sent. The outbox keeps none of them. */
  attachments?: MailAttachment[];
  /** The account whose sign-in, activation or password link the mail carries: its body is for readers who hold all it holds. */
  userId?: number;
}

export interface MailAttachment { filename: string; path: string; contentType: string }

export interface Mailer {
  /** Where mail goes: 'smtp' (SMTP_URL) or 'outbox' (the table administrators read). */
  readonly mode: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Runs work after the response has left, so a reply takes as long whether or not mail is sent (no account
   * enumeration by timing). Failures are logged; app.close() waits for what is still running. */
  later(work: () => Promise<void>): void;
  /** Resolves once the background work started so far has finished (tests: then no mail is still on its way). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export const mailFailed = 'The email could not be sent at this time. Please try again later.';

type Log = { error(obj: object, msg: string): void };

/**
 * A mail sent through SMTP is recorded in the outbox by its headers and outcome only: its body may hold a sign-in link,
 * which the database must not keep (it keeps keys hashed). A failure to record is logged, never the sender's problem.
 */
async function recordSent(db: Knex, log: Log, mail: Mail, outcome: { failure?: unknown }): Promise<void> {
  const failed = outcome.failure !== undefined;
  const reason = failed ? String((outcome.failure as Error)?.message ?? outcome.failure).slice(0, 500) : null;
  try {
    await db('outbox').insert({
      ToAddress: mail.to, Subject: mail.subject, TextBody: '', HtmlBody: null, UserId: mail.userId ?? null,
      Status: failed ? 'Failed' : 'Sent', SentDate: failed ? null : db.fn.now(), FailureReason: reason,
    });
  } catch (error) {
    log.error({ err: error, to: mail.to, subject: mail.subject }, 'recording sent mail in the outbox failed');
  }
}

/** nodemailer to SMTP_URL when set; otherwise mail is stored in the outbox table, unsent, for administrators to read. */
export function createMailer(config: Config, db: Knex, log: Log): Mailer {
  const transport: Transporter | undefined = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  const pending = new Set<Promise<void>>();
  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(mail) {
      const { userId, ...message } = mail;
      if (!transport) {
        // The outbox is a table of text: an attachment is named in the body, its content is not kept.
        const left = (mail.attachments ?? []).map((a) => `\n[Attachment not kept in the outbox: ${a.filename}]`).join('');
        await db('outbox').insert({ ToAddress: mail.to, Subject: mail.subject, TextBody: mail.text + left, HtmlBody: mail.html ?? null, UserId: userId ?? null });
        return;
      }
      try {
        await transport.sendMail({ from: config.mailFrom, ...message });
      } catch (error) {
        log.error({ err: error, to: mail.to, subject: mail.subject }, 'sending mail failed');
        await recordSent(db, log, mail, { failure: error });
        throw HttpError.of(503, mailFailed, null, 'MailFailed');
      }
      await recordSent(db, log, mail, {});
    },
    later(work) {
      const run = work()
        .catch((error: unknown) => log.error({ err: error }, 'background mail work failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async settled() {
      await Promise.allSettled([...pending]);
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport?.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates app.mailer; waits for background mail work before the database closes. */
export default fp(async function mailerPlugin(app) {
  const mailer = createMailer(app.config, app.db, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
}, { name: 'mailer' });
