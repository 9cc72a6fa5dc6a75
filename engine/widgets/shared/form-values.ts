import { useCallback, useSyncExternalStore } from 'react';

/**
 * The whole form's current values, for a control whose behaviour follows another field's value (the user's
 * module access follows the chosen roles). RJSF hands a field only its own value, and the engine's forms
 * render each field as its own RJSF form, so the form passes this store through formContext instead of the
 * values themselves: the store is one object for the form's life, so the memoised fields keep their props,
 * and a control re-renders only when the one value it reads changes.
 */
export interface FormValues {
  get(): Readonly<Record<string, unknown>>;
  /** Calls the listener after each change of the values; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** A form values store the form writes with `set`. */
export interface FormValuesStore extends FormValues {
  set(values: Record<string, unknown>): void;
}

/** A store holding the form's values, starting with `initial`. */
export function createFormValues(initial: Record<string, unknown> = {}): FormValuesStore {
  let values = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => values,
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    set(next) {
      if (next === values) return;
      values = next;
      listeners.forEach((l) => l());
    },
  };
}

const none = () => () => {};

/** One field's current value in the form's values store (undefined without a store). */
export function useFormValue(store: FormValues | undefined, field: string): unknown {
  const subscribe = useCallback((listener: () => void) => (store ? store.subscribe(listener) : none()), [store]);
  return useSyncExternalStore(subscribe, () => store?.get()[field]);
}
