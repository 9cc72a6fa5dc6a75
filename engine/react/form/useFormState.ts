import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fieldOfItem, type ErrorItem } from '../../core/error-items.ts';
import { composeFormSchema, composeUiSchema, fieldsFor, type FormDefinition, type FormMode, type JsonSchema } from '../../core/forms/index.ts';
import { evaluateRules } from '../../core/rules/evaluate-rules.ts';
import type { Rule } from '../../core/rules/types.ts';
import { prepareValidation, validateValues } from './validate.ts';
import { changedFields, sameValue } from './changed-fields.ts';

type Data = Record<string, unknown>;

export interface FormStateOptions {
  entity: JsonSchema;
  form: FormDefinition;
  mode: FormMode;
  initial: Data;
  readOnly: boolean;
  /** Fields shown disabled whatever the rules say (the screen's lockWhen on this record). */
  locked?: ReadonlySet<string>;
}

/**
 * A form's values and what to show about them (spec 1 section 5, spec 2 sections 4-5):
 * rules applied on every change; a field's client message shown once the field is dirty (or after a
 * save was tried); client messages hidden while server errors exist; a server error cleared when its
 * field is edited. Schemas are recomposed only when the rules' outcome changes, so they stay stable.
 */
export function useFormState({ entity, form, mode, initial, readOnly, locked }: FormStateOptions) {
  // One array per form: a new [] each render would re-create every callback and re-render every section.
  const rules = useMemo(() => (form.rules ?? []) as unknown as Rule[], [form.rules]);
  const fields = useMemo(() => fieldsFor(form, mode), [form, mode]);
  const [data, setData] = useState<Data>(initial);
  // What the form was loaded or last saved with: the form is dirty while its values differ from this.
  const [baseline, setBaseline] = useState<Data>(initial);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<ErrorItem[]>([]);

  const outcome = useMemo(() => {
    const ruled = evaluateRules(rules, data);
    return locked?.size ? { ...ruled, disabled: new Set([...ruled.disabled, ...locked]) } : ruled;
  }, [rules, data, locked]);
  const flagsKey = JSON.stringify([outcome.required, outcome.optional, outcome.hidden, outcome.disabled].map((s) => [...s].sort()));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- recomposed when the flags change, not on every value
  const schema = useMemo(() => composeFormSchema(entity, fields, mode, outcome), [entity, fields, mode, flagsKey]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const uiSchema = useMemo(() => composeUiSchema(form, fields, readOnly, outcome), [form, fields, readOnly, flagsKey]);
  // Nothing is shown before a field is edited or a save is tried, so nothing is checked before either:
  // the validator is compiled while the browser is idle after the first paint instead.
  const checking = tried || touched.size > 0;
  const clientErrors = useMemo(() => (checking ? validateValues(schema, uiSchema, data) : []), [checking, schema, uiSchema, data]);
  useEffect(() => prepareValidation(schema), [schema]);

  const shownErrors = serverErrors.length
    ? serverErrors
    : clientErrors.filter((e) => tried || touched.has(fieldOfItem(e) ?? ''));

  // The latest values and touched fields, read by change() without re-creating it on every keystroke.
  const latest = useRef({ data, touched });
  latest.current = { data, touched };

  /**
   * A change of the values. `byUser` false: RJSF filled in defaults it derived from the schema (no field
   * behind the change), which become part of what the form was loaded with: they touch nothing and do not
   * make the form dirty.
   */
  const change = useCallback((next: Data, byUser = true) => {
    const previous = latest.current.data;
    const edited = changedFields(previous, next);
    if (!edited.length) return;
    const nowTouched = byUser ? new Set([...latest.current.touched, ...edited]) : latest.current.touched;
    const ruled = evaluateRules(rules, next, previous, nowTouched).formData;
    latest.current = { data: ruled, touched: nowTouched };
    setData(ruled);
    if (!byUser) {
      setBaseline((before) => ({ ...before, ...Object.fromEntries(edited.map((f) => [f, ruled[f]])) }));
      return;
    }
    setTouched(nowTouched);
    const editedItem = (e: ErrorItem) => edited.includes(fieldOfItem(e) ?? '');
    setServerErrors((errors) => (errors.some(editedItem) ? errors.filter((e) => !editedItem(e)) : errors));
  }, [rules]);

  /** A change to some fields (one section's part): stable, so memoised sections keep their props. */
  const changePart = useCallback((part: Data, byUser = true) => change({ ...latest.current.data, ...part }, byUser), [change]);

  /** After a successful save: the saved record is the new baseline. */
  const reset = useCallback((values: Data) => {
    setData(values);
    setBaseline(values);
    setTouched(new Set());
    setTried(false);
    setServerErrors([]);
  }, []);

  return {
    data, schema, uiSchema, fields,
    dirty: fields.some((f) => !sameValue(data[f], baseline[f])),
    clientErrors, shownErrors, serverErrors,
    change, changePart, reset,
    /** Marks a save attempt (every client message shows from now on) and answers what is wrong now. */
    trySave: () => {
      setTried(true);
      return validateValues(schema, uiSchema, latest.current.data);
    },
    setServerErrors,
  };
}
