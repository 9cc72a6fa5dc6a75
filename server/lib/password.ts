import { scrypt, randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at OWASP's minimum (N=2^17, r=8, p=1: 128 MiB and about a quarter second per hash). The parameters travel
 * with each hash (scrypt$N$r$p$salt$key), so hashes made with older ones still verify and are rehashed at sign-in.
 */
export const productionScryptParams = { N: 2 ** 17, r: 8, p: 1, keyLength: 32 };

/**
 * The parameters in force. Only under vitest may SCRYPT_LOG2_N lower N (vitest.config.ts sets 14): the suites make
 * thousands of users, the behaviour is what they test, and the cost is measured by the sign-in bench. Nothing a
 * deployment sets can lower it.
 */
const testLogN = process.env.VITEST && process.env.SCRYPT_LOG2_N ? Number(process.env.SCRYPT_LOG2_N) : null;
export const scryptParams = testLogN ? { ...productionScryptParams, N: 2 ** testLogN } : productionScryptParams;

/** Node refuses scrypt above 32 MiB unless told: allow what the parameters need (128·N·r·p) and some room. */
const maxmemFor = (N: number, r: number, p: number) => 128 * N * r * p + 16 * 1024 * 1024;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: maxmemFor(N, r, p) };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, params = scryptParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params.N, params.r, params.p, params.keyLength);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

function parse(stored: string | null | undefined) {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, N, r, p, salt, key] = parts;
  return { N: Number(N), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const hash = parse(stored);
  if (!hash) {
    // Without a stored hash, hash anyway so the answer takes as long as for a real account.
    await derive(password, randomBytes(16), scryptParams.N, scryptParams.r, scryptParams.p, scryptParams.keyLength);
    return false;
  }
  const actual = await derive(password, hash.salt, hash.N, hash.r, hash.p, hash.key.length);
  return timingSafeEqual(actual, hash.key);
}

/** Whether a stored hash was made with weaker parameters than today's (then a sign-in that proves the password rehashes it). */
export function needsRehash(stored: string | null | undefined): boolean {
  const hash = parse(stored);
  if (!hash) return false;
  return hash.N < scryptParams.N || hash.r < scryptParams.r || hash.p < scryptParams.p || hash.key.length < scryptParams.keyLength;
}

/** A password of 16 letters and digits, with at least one of each, for the first administrator. */
export function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    const bytes = randomBytes(16);
    const text = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    if (/[A-Za-z]/.test(text) && /\d/.test(text)) return text;
  }
}
