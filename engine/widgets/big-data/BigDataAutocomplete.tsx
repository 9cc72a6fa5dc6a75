import { Autocomplete, TextField } from '@mui/material';
import { widgetMessages } from '../shared/messages.ts';
import type { SelectOption } from '../shared/types.ts';
import { limitResults } from './logic.ts';
import { useBigDataSearch, type BigDataSearchSource } from './useBigDataSearch.ts';

interface CommonProps extends BigDataSearchSource {
  id: string;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  autoFocus?: boolean;
  onBlur?: () => void;
  onFocus?: () => void;
}

/** Props of the search-driven select: one option, or several when `multiple`. */
export type BigDataAutocompleteProps = CommonProps &
  (
    | { multiple?: false; value: SelectOption | null; onChange: (value: SelectOption | null) => void }
    | { multiple: true; value: SelectOption[]; onChange: (value: SelectOption[]) => void }
  );

/**
 * The big-data face of both selects: a combobox that lists only search results, never the whole
 * option list, so thousands of options (or a server-side list) stay fast. Typing is the only way to
 * reach an option, which also makes it fully usable from the keyboard.
 */
export function BigDataAutocomplete(props: BigDataAutocompleteProps) {
  const { id, label, required, disabled, error, autoFocus, onBlur, onFocus } = props;
  const search = useBigDataSearch(props);
  const common = {
    id,
    options: limitResults(search.results),
    getOptionDisabled: (o: SelectOption) => o.IsLocked === true,
    // Opening on focus shows 'Start typing to search.' at once, to keyboard and mouse users alike.
    openOnFocus: true,
    disabled,
    getOptionLabel: (o: SelectOption) => o.Name,
    isOptionEqualToValue: (a: SelectOption, b: SelectOption) => a.Id === b.Id,
    // The results are already filtered (in memory or by the server): show them as they are.
    filterOptions: (o: SelectOption[]) => o,
    loading: search.searching,
    loadingText: widgetMessages.pleaseWait,
    noOptionsText: search.status ?? widgetMessages.noResults,
    onInputChange: (_: unknown, text: string, reason: string) => {
      // Only typing searches; the text MUI writes back after a choice is not a query.
      search.setQuery(reason === 'input' ? text : '');
    },
    onBlur,
    onFocus,
    renderInput: (params: object) => (
      <TextField
        {...params}
        label={label}
        required={required}
        error={error}
        autoFocus={autoFocus}
        placeholder={widgetMessages.startTyping}
      />
    ),
  };
  if (props.multiple) {
    return <Autocomplete {...common} multiple value={props.value} onChange={(_, v) => props.onChange(v)} />;
  }
  return <Autocomplete {...common} value={props.value} onChange={(_, v) => props.onChange(v)} />;
}
