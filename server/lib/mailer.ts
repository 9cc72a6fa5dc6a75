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
}

export interface Mailer {
  /** Where mail goes: 'smtp' (SMTP_URL) or 'outbox' (the table administrators read). */
  readonly mode: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Runs work after the response has left, so a reply takes as long whether or not mail is sent (no account
   * enumeration by timing). Failures are logged; app.close() waits for what is still running. */
  later(work: () => Promise<void>): void;
  close(): Promise<void>;
}

export const mailFailed = 'The email could not be sent at this time. Please try again later.';

/** nodemailer to SMTP_URL when set; otherwise mail is stored in the outbox table. */
export function createMailer(config: Config, db: Knex, log: { error(obj: object, msg: string): void }): Mailer {
  const transport: Transporter | undefined = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  const pending = new Set<Promise<void>>();
  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(mail) {
      if (!transport) {
        await db('outbox').insert({ ToAddress: mail.to, Subject: mail.subject, TextBody: mail.text, HtmlBody: mail.html ?? null });
        return;
      }
      try {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      } catch (error) {
        log.error({ err: error, to: mail.to, subject: mail.subject }, 'sending mail failed');
        throw HttpError.of(503, mailFailed, null, 'MailFailed');
      }
    },
    later(work) {
      const run = work()
        .catch((error: unknown) => log.error({ err: error }, 'background mail work failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
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
