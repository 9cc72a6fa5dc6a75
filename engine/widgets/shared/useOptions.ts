import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { EnumOptionsType } from '@rjsf/utils';
import { useWidgetData } from '../data-context.tsx';
import type { SelectOption } from './types.ts';
import { useServerData } from './useServerData.ts';
import type { FormValues } from './form-values.ts';

/** Where a select's options come from, as ui:options: a fixed list, or a named server lookup. */
export interface OptionSourceConfig {
  /** A fixed list of options. */
  options?: SelectOption[];
  /** The name of a server lookup (WidgetDataSource.loadOptions). */
  source?: string;
  /**
   * The lookup's query parameters taken from the form's other fields: parameter name to field name (a menu item's
   * parents are asked with { currentMenuItemId: 'MenuItemId' }, so the item itself and its descendants are not offered).
   */
  sourceQuery?: Record<string, string>;
  /** Never load the whole lookup: search the server by text (big-data mode). */
  lazy?: boolean;
  /** RJSF's options from an enum or oneOf schema. */
  enumOptions?: EnumOptionsType[];
}

/** A select's options and, for server lookups, the search and id-resolution calls. */
export interface LoadedOptions {
  options: SelectOption[];
  loading: boolean;
  search?: (text: string) => Promise<SelectOption[]>;
  resolve?: (ids: number[]) => Promise<SelectOption[]>;
}

const none = () => () => {};

/** The sourceQuery's parameters from the form's values, as one string (a stable snapshot): '' when there are none. */
function useSourceParams(sourceQuery: Record<string, string> | undefined, formValues: FormValues | undefined): string {
  const subscribe = useCallback((listener: () => void) => (formValues && sourceQuery ? formValues.subscribe(listener) : none()), [formValues, sourceQuery]);
  return useSyncExternalStore(subscribe, () => {
    if (!sourceQuery || !formValues) return '';
    const values = formValues.get();
    const params = new URLSearchParams();
    for (const [param, field] of Object.entries(sourceQuery)) {
      const value = values[field];
      if (value !== undefined && value !== null && value !== '') params.set(param, String(value));
    }
    return params.toString();
  });
}

/** Loads the options a select is configured with; a lazy lookup loads nothing until searched. */
export function useOptions(config: OptionSourceConfig, formValues?: FormValues): LoadedOptions {
  const data = useWidgetData();
  const { source, lazy = false } = config;
  const paramText = useSourceParams(config.sourceQuery, formValues);
  const params = useMemo(() => (paramText ? Object.fromEntries(new URLSearchParams(paramText)) : undefined), [paramText]);
  const loaded = useServerData(source && !lazy ? () => data.loadOptions(source, { params }) : null, `${source}|${lazy}|${paramText}`);
  const search = useCallback((text: string) => data.loadOptions(source ?? '', { search: text, params }), [data, source, params]);
  const resolve = useCallback((ids: number[]) => data.loadOptions(source ?? '', { ids }), [data, source]);
  if (source) {
    return { options: loaded.data ?? [], loading: loaded.loading, search, resolve };
  }
  const fixed = config.options ?? (config.enumOptions ?? []).map((e) => ({ Id: Number(e.value), Name: e.label }));
  return { options: fixed, loading: false };
}
