import { useCallback } from 'react';
import type { EnumOptionsType } from '@rjsf/utils';
import { useWidgetData } from '../data-context.tsx';
import type { SelectOption } from './types.ts';
import { useServerData } from './useServerData.ts';

/** Where a select's options come from, as ui:options: a fixed list, or a named server lookup. */
export interface OptionSourceConfig {
  /** A fixed list of options. */
  options?: SelectOption[];
  /** The name of a server lookup (WidgetDataSource.loadOptions). */
  source?: string;
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

/** Loads the options a select is configured with; a lazy lookup loads nothing until searched. */
export function useOptions(config: OptionSourceConfig): LoadedOptions {
  const data = useWidgetData();
  const { source, lazy = false } = config;
  const loaded = useServerData(source && !lazy ? () => data.loadOptions(source, {}) : null, `${source}|${lazy}`);
  const search = useCallback((text: string) => data.loadOptions(source ?? '', { search: text }), [data, source]);
  const resolve = useCallback((ids: number[]) => data.loadOptions(source ?? '', { ids }), [data, source]);
  if (source) {
    return { options: loaded.data ?? [], loading: loaded.loading, search, resolve };
  }
  const fixed = config.options ?? (config.enumOptions ?? []).map((e) => ({ Id: Number(e.value), Name: e.label }));
  return { options: fixed, loading: false };
}
