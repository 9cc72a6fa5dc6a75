import { format } from 'date-fns';

/** The wording of spec 2 section 8 (the expiry text has two spaces after its first full stop, as given). */
export const lockTexts = {
  renewPrompt: 'The lock for this record is about to expire. Would you like to renew the lock to continue working?',
  expired: 'The lock for this record has expired and your changes cannot be saved.  You must go back and access this record again in order to make modifications.',
  invalidLock: 'Invalid Lock',
};

/** A lock someone else holds, in the reader's local time (the server's recordlockmessage words it in UTC). */
export function heldByText(label: string, holder: string, until: Date): string {
  return `This ${label.toLowerCase()} is locked by ${holder} until ${format(until, 'MM/dd/yyyy hh:mm a')}. You may view it, but you will not be able to make changes.`;
}
