import { HttpError } from '../../lib/http-error.ts';
import { duplicateItemValueMessage, UNIQUE_VIOLATION_CODE } from '../../../engine/core/settings/index.ts';

/** PostgreSQL's unique_violation. */
const uniqueViolation = '23505';

/**
 * Runs a settings write; a unique violation becomes error code 2627 with 'Multiple Configuration Items cannot
 * have the same value.' (spec 1 section 8), as 409. The transaction it ran in is rolled back, so nothing is half-written.
 */
export async function withDuplicateValueError<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === uniqueViolation) {
      throw HttpError.of(409, duplicateItemValueMessage, null, UNIQUE_VIOLATION_CODE);
    }
    throw error;
  }
}
