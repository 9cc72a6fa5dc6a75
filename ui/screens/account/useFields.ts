import { useState } from 'react';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { Rule } from './validators.ts';

export interface FieldSpec {
  label: string;
  rules: Rule[];
  initial?: string;
}

/**
 * A small form: values, the rules' first message per field (shown once the field was left or a submit was tried),
 * and server errors matched to fields by PropertyName and cleared when that field is edited (spec 1 section 8).
 */
export function useFields<K extends string>(spec: Record<K, FieldSpec>) {
  const names = Object.keys(spec) as K[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((n) => [n, spec[n].initial ?? ''])) as Record<K, string>);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>({});

  const ruleError = (name: K) => spec[name].rules.map((rule) => rule(values[name], values)).find(Boolean) ?? '';
  const errorOf = (name: K) => serverErrors[name] || (submitted || touched[name] ? ruleError(name) : '');

  const setValue = (name: K, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors((e) => ({ ...e, [name]: undefined }));
  };

  return {
    values,
    setValue,
    /** Back to fresh: the given values (others empty), nothing touched, no messages. */
    reset(next: Partial<Record<K, string>> = {}) {
      setValues(Object.fromEntries(names.map((n) => [n, next[n] ?? ''])) as Record<K, string>);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
    /** Puts a message on a field, as the server's are shown (cleared when the field is edited). */
    setError(name: K, message: string) {
      setServerErrors((e) => ({ ...e, [name]: message || undefined }));
    },
    /** Marks the form submitted; true when every rule passes. */
    validate(): boolean {
      setSubmitted(true);
      return names.every((n) => !ruleError(n));
    },
    /** Puts the server's field errors on their fields; the rest come back for the page to list. */
    takeServerErrors(items: ErrorItem[]): ErrorItem[] {
      const byField: Partial<Record<K, string>> = {};
      const rest = items.filter((item) => {
        const name = names.find((n) => n.toLowerCase() === item.PropertyName?.toLowerCase());
        if (!name) return true;
        byField[name] ??= item.ErrorMessage;
        return false;
      });
      setServerErrors(byField);
      return rest;
    },
    /** Props for an MUI TextField. */
    field(name: K) {
      const error = errorOf(name);
      return {
        name,
        id: `field-${name}`,
        label: spec[name].label,
        value: values[name],
        onChange: (e: { target: { value: string } }) => setValue(name, e.target.value),
        onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
        error: Boolean(error),
        helperText: error || ' ',
        fullWidth: true,
      };
    },
  };
}
