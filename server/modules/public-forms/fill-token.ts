import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The token a public form's page is given with its definition and sends back with its values: which form, when it was
 * given, and a nonce (each is used once: public_form_submissions.token_nonce is unique), signed with a key derived from
 * the server's secret so a bot cannot make one up with an earlier time. It is good for a day.
 */
export interface FillToken { formId: number; issuedAt: number; nonce: string }

export const fillTokenLifetimeMs = 24 * 60 * 60 * 1000;

export function fillTokens(secret: string) {
  const key = createHmac('sha256', secret).update('public-form-fill-token').digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(formId: number, now = Date.now()): string {
      const payload = Buffer.from(JSON.stringify({ f: formId, t: now, n: randomBytes(16).toString('base64url') })).toString('base64url');
      return `${payload}.${signatureOf(payload)}`;
    },
    /** The token's contents when it is this server's, for this form and not older than a day; else null. */
    read(token: string, formId: number, now = Date.now()): FillToken | null {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length) return null;
      const expected = Buffer.from(signatureOf(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const { f, t, n } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { f: unknown; t: unknown; n: unknown };
        if (f !== formId || typeof t !== 'number' || typeof n !== 'string' || now - t > fillTokenLifetimeMs || t > now + 60_000) return null;
        return { formId: f, issuedAt: t, nonce: n };
      } catch {
        return null;
      }
    },
  };
}
