import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/** A mail as received over SMTP, decoded enough to read and follow its links. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpCatcher {
  /** smtp://127.0.0.1:{port}, for config.smtpUrl. */
  url: string;
  mails: CaughtMail[];
  /** The first mail to this address not taken yet, waiting for it up to timeoutMs. */
  take(to: string, timeoutMs?: number): Promise<CaughtMail>;
  /** Resolves when no untaken mail to this address arrives within ms (mail goes out after the response). */
  expectNone(to: string, ms?: number): Promise<void>;
  close(): Promise<void>;
}

type Headers = Map<string, string>;

function splitMessage(raw: string): { headers: Headers; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const headers: Headers = new Map();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: at < 0 ? '' : raw.slice(at + 4) };
}

function decodeBody(body: string, encoding = ''): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'));
}

/** The text/plain and text/html parts of a (possibly multipart) message. */
function partsOf(raw: string, found: { text: string; html: string } = { text: '', html: '' }) {
  const { headers, body } = splitMessage(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      partsOf(part.replace(/^\r\n/, ''), found);
    }
  } else {
    const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
    if (type.toLowerCase().startsWith('text/html')) found.html ||= decoded;
    else found.text ||= decoded;
  }
  return found;
}

/** A loopback SMTP server that keeps every message it receives (no TLS, no authentication). */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers } = splitMessage(raw);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeWords(headers.get('subject') ?? ''),
          ...partsOf(raw),
          raw,
        });
        waiters.forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const untaken = (to: string) => mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    take(to, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = untaken(to);
          if (!mail) return;
          taken.add(mail);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${mails.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'none'})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async expectNone(to, ms = 400) {
      await new Promise((r) => setTimeout(r, ms));
      const mail = untaken(to);
      if (mail) throw new Error(`unexpected mail to ${to}: "${mail.subject}"`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Starts a catcher before the suite's app (register this before useTestApp, and pass
 * `{ get smtpUrl() { return smtp.url; } }` as an override: it is read when the app is built).
 */
export function useSmtpCatcher(): SmtpCatcher {
  const holder = {} as SmtpCatcher;
  beforeAll(async () => {
    Object.assign(holder, await startSmtpCatcher());
  });
  afterAll(async () => holder.close?.());
  return holder;
}

/** The first link in a mail's text whose path starts with the prefix, e.g. '/user/changepassword/'. */
export function linkIn(mail: CaughtMail, pathPrefix: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`no link to ${pathPrefix} in mail "${mail.subject}":\n${mail.text}`);
}
