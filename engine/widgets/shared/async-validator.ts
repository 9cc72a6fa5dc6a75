import { widgetMessages } from './messages.ts';
import type { FormValues } from './form-values.ts';
import type { UploadTarget } from '../data-context.tsx';

/** A server-side check of one value (for example, user name uniqueness): resolves to an error message or nothing. */
export type AsyncValidatorFn<V = unknown> = (value: V) => Promise<string | null | undefined>;

/**
 * Runs a field's asynchronous validator. A field configured for one without the function itself
 * reports 'MISSING ASYNC VALIDATOR FUNCTION' as its error, so the misconfiguration shows on screen
 * instead of the field silently passing.
 */
export async function runAsyncValidator<V>(fn: AsyncValidatorFn<V> | undefined | null, value: V): Promise<string | null> {
  if (typeof fn !== 'function') return widgetMessages.missingAsyncValidator;
  return (await fn(value)) ?? null;
}

/** What a form passes to the widgets through RJSF's formContext: its named asynchronous validators, and more. */
export interface WidgetFormContext {
  asyncValidators?: Record<string, AsyncValidatorFn>;
  /** The whole form's current values, for a control that follows another field (see form-values.ts). */
  formValues?: FormValues;
  /** A create that copies a record (a role's /role/create/{id}): the Id of the record copied. */
  copyOfId?: number;
  /** What the form's uploads are for: its screen's module, and the record it updates. */
  uploadTarget?: UploadTarget;
}
