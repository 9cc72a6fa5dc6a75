/** Spec 1 section 8, "Account screens": the uniqueness check's messages, worded as given ('occured' included). */
export const userNameCheckTexts = {
  lookupFailed: 'There was an issue executing the unique user name lookup request.',
  unexpectedAnswer: 'Server error occured when checking User Name.',
  taken: 'An account with this user name already exists in the system.',
};

/**
 * The uniqueness check of a user name (GET is-unique-user-name): '' when the name is free, else the message to
 * show. A failed call counts as not unique, and so does an answer that is neither true nor false.
 */
export async function userNameClash(ask: () => Promise<unknown>): Promise<string> {
  let answer: unknown;
  try {
    answer = await ask();
  } catch {
    return userNameCheckTexts.lookupFailed;
  }
  if (answer === true || answer === 'true') return '';
  if (answer === false || answer === 'false') return userNameCheckTexts.taken;
  return userNameCheckTexts.unexpectedAnswer;
}
