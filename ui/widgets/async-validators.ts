import type { AsyncValidatorFn } from '../../engine/widgets/shared/async-validator.ts';
import { api } from '../api/api.ts';
import { uniquenessClash, uniquenessTexts } from './uniqueness-check.ts';

/**
 * The named asynchronous checks a screen's fields may ask for (ui:options.asyncValidator), for the record
 * with this id (its own value is no clash; none when creating). Each answers the message to show, or null.
 */
export function asyncValidatorsFor(recordId: number | undefined): Record<string, AsyncValidatorFn> {
  const check = (path: string, param: string, texts: (typeof uniquenessTexts)[keyof typeof uniquenessTexts]): AsyncValidatorFn => async (value) => {
    if (typeof value !== 'string' || !value.trim()) return null;
    const query = new URLSearchParams({ [param]: value.trim(), ...(recordId ? { userId: String(recordId) } : {}) });
    return (await uniquenessClash(() => api.get<unknown>(`/api/users/${path}?${query}`, { quiet: true }), texts)) || null;
  };
  return {
    uniqueUserName: check('is-unique-user-name', 'userName', uniquenessTexts.userNameOnUserForms),
    uniqueEmailAddress: check('is-unique-email-address', 'emailAddress', uniquenessTexts.emailAddress),
  };
}
