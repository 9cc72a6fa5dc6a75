import { HttpError } from './http-error.ts';

/** In the spec's style of field messages ('Must not equal {1}.'). */
export const commonPasswordMessage = 'Must not be a commonly used password.';

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * The 49,233 passwords of zxcvbn-ts's common list (@zxcvbn-ts/language-common: gathered from breached-password
 * corpora, most used first, lowercased), loaded on first use so that start-up does not pay for unpacking it.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return common;
}

/** Whether a password is one of the common or breached ones, whatever its case (Password1 is password1). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize('NFKC').toLowerCase());
}

/**
 * Refuses (400 on the field, ErrorCode CommonPassword) a password found in lists of common and breached passwords, as
 * OWASP ASVS 2.1.7 asks, wherever a password is set: the pattern alone lets password1 through. No network call.
 */
export async function refuseCommonPassword(password: unknown, PropertyName: string): Promise<void> {
  if (typeof password === 'string' && password !== '' && (await isCommonPassword(password))) {
    throw HttpError.of(400, commonPasswordMessage, PropertyName, 'CommonPassword');
  }
}
