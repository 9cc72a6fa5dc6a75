import { useRef, useState } from 'react';
import type { Registry } from '@rjsf/utils';
import { runAsyncValidator, type WidgetFormContext } from './async-validator.ts';

/**
 * The asynchronous check a field names in ui:options.asyncValidator (for example a uniqueness
 * lookup), run on blur with the functions of the form's formContext. A name with no function behind
 * it reports 'MISSING ASYNC VALIDATOR FUNCTION'. Only the answer to the latest value is kept.
 */
export function useAsyncValidation(name: unknown, registry: Registry) {
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const check = async (value: unknown) => {
    if (typeof name !== 'string' || !name) return;
    const run = ++latest.current;
    const fn = (registry.formContext as WidgetFormContext | undefined)?.asyncValidators?.[name];
    const result = await runAsyncValidator(fn, value);
    if (run === latest.current) setError(result);
  };
  return { error, check, clear: () => setError(null) };
}
