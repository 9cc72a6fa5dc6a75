import { notify } from '../../engine/react/notifications/store.ts';

/** What a uniqueness check says: the lookup failed, the answer was neither true nor false, or the value is taken. */
export interface UniquenessTexts {
  lookupFailed: string;
  unexpectedAnswer: string;
  taken: string;
  /** The error notice a failed lookup also raises, beside the field's message (spec 1: "A failed name check uses the message 'Read User Name'"). */
  failureNotice?: string;
}

const userNameLookup = {
  lookupFailed: 'There was an issue executing the unique user name lookup request.',
  unexpectedAnswer: 'Server error occured when checking User Name.',
  failureNotice: 'Read User Name',
};

/**
 * Spec 1 sections 5 and 8: the uniqueness checks' messages, worded as given ('occured' included; the e-mail
 * address check has "the same wording"). A taken user name reads differently on My Account and on the user forms.
 */
export const uniquenessTexts = {
  userNameOnMyAccount: { ...userNameLookup, taken: 'An account with this user name already exists in the system.' },
  userNameOnUserForms: { ...userNameLookup, taken: 'An account with this User Name already exists in the system!' },
  emailAddress: {
    lookupFailed: 'There was an issue executing the unique email address lookup request.',
    unexpectedAnswer: 'Server error occured when checking Email Address.',
    taken: 'An account with this Email Address already exists in the system!',
  },
} satisfies Record<string, UniquenessTexts>;

/** My Account's user name check. */
export const userNameCheckTexts = uniquenessTexts.userNameOnMyAccount;

/**
 * A uniqueness check (GET is-unique-user-name, is-unique-email-address): '' when the value is free, else the
 * message to show. A failed call counts as not unique, and so does an answer that is neither true nor false.
 */
export async function uniquenessClash(ask: () => Promise<unknown>, texts: UniquenessTexts): Promise<string> {
  let answer: unknown;
  try {
    answer = await ask();
  } catch {
    if (texts.failureNotice) notify('error', texts.failureNotice);
    return texts.lookupFailed;
  }
  if (answer === true || answer === 'true') return '';
  if (answer === false || answer === 'false') return texts.taken;
  return texts.unexpectedAnswer;
}

/** My Account's user name check (see uniquenessClash). */
export const userNameClash = (ask: () => Promise<unknown>) => uniquenessClash(ask, userNameCheckTexts);
