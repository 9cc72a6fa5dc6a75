import { scrypt, randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt, memory-hard (N=2^15, r=8: 32 MiB per hash); the parameters travel with the hash so they can grow. */
const params = { N: 32768, r: 8, p: 1, keyLength: 32 };

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params.N, params.r, params.p, params.keyLength);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // Without a stored hash, hash anyway so the answer takes as long as for a real account.
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    await derive(password, randomBytes(16), params.N, params.r, params.p, params.keyLength);
    return false;
  }
  const [, N, r, p, salt, key] = parts;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(N), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
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
