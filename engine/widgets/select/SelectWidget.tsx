import { useEffect, useMemo } from 'react';
import { ListItemText, ListSubheader, MenuItem, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { lazyControl } from '../shared/lazy-control.tsx';
import { isBigData } from '../big-data/logic.ts';
import { useServerData } from '../shared/useServerData.ts';
import { useOptions, type OptionSourceConfig } from '../shared/useOptions.ts';
import { PLACEHOLDER_ID, type SelectOption } from '../shared/types.ts';
import { isSelected, resolveSelectValue, withPlaceholder } from './logic.ts';
import { widgetMessages } from '../shared/messages.ts';
import type { WidgetFormContext } from '../shared/async-validator.ts';

// Search-driven selects need MUI's Autocomplete (and its popper): loaded only when a list is that big.
const BigDataAutocomplete = lazyControl(() => import('../big-data/BigDataAutocomplete.tsx').then((m) => m.BigDataAutocomplete));

/**
 * Single select (ui:widget "select"). With ui:options `options` (a fixed list of { Id, Name }) or
 * `source` (a server lookup, `lazy` for server search), its value is the chosen option's Id, -1 for
 * 'Please Select'. Without them it is an ordinary enum select: RJSF resolves enum and boolean
 * fields to the widget named "select" too, and those keep the theme's own select.
 */
export function SelectWidget(props: WidgetProps) {
  const config = props.options as OptionSourceConfig;
  if (config.source === undefined && config.options === undefined) {
    const ThemeSelect = props.registry.widgets.SelectWidget;
    return <ThemeSelect {...props} />;
  }
  return <LookupSelect {...props} />;
}

function LookupSelect(props: WidgetProps) {
  const { id, value, required = false, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, rawErrors, autofocus } = props;
  const config = props.options as OptionSourceConfig;
  const lazy = config.lazy === true;
  const loaded = useOptions(config, (props.registry.formContext as WidgetFormContext | undefined)?.formValues);
  const bigData = isBigData(loaded.options.length, lazy);
  const error = (rawErrors?.length ?? 0) > 0;
  const shownLabel = hideLabel ? undefined : label;

  // Placeholder when empty; auto-select the only option of a required select (lazy lists are never
  // known in full, so they are left alone).
  useEffect(() => {
    if (loaded.loading || lazy) return;
    const resolved = resolveSelectValue(value, loaded.options, required);
    if (resolved !== value) onChange(resolved);
  }, [loaded.loading, loaded.options, value, required, lazy, onChange]);

  // A lazy select knows only the chosen Id: ask the server for its name.
  const chosenId = isSelected(value) ? Number(value) : null;
  const known = loaded.options.find((o) => o.Id === chosenId);
  const resolved = useServerData(
    lazy && chosenId !== null && !known && loaded.resolve ? () => loaded.resolve!([chosenId]) : null,
    `${chosenId}`,
  );
  const chosen: SelectOption | null = known ?? resolved.data?.find((o) => o.Id === chosenId) ?? null;

  // While the options load, a saved choice reads 'Please Wait...', never 'Please Select' as if there were none.
  const shown = useMemo(
    () => withPlaceholder(loaded.loading && chosenId !== null ? [{ Id: chosenId, Name: widgetMessages.pleaseWait }] : loaded.options),
    [loaded.loading, chosenId, loaded.options],
  );

  const hinted = shown.some((o) => o.Hint || o.Group);

  if (bigData) {
    return (
      <BigDataAutocomplete
        id={id}
        label={shownLabel}
        required={required}
        disabled={disabled || readonly}
        error={error}
        autoFocus={autofocus}
        options={loaded.options}
        lazy={lazy}
        search={loaded.search}
        value={chosen}
        onChange={(o) => onChange(o ? o.Id : PLACEHOLDER_ID)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    );
  }
  return (
    <TextField
      id={id}
      select
      fullWidth
      label={shownLabel}
      required={required}
      disabled={disabled || readonly}
      error={error}
      autoFocus={autofocus}
      value={isSelected(value) && shown.some((o) => o.Id === Number(value)) ? Number(value) : PLACEHOLDER_ID}
      onChange={(e) => onChange(Number(e.target.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      // The chosen option reads by its name alone; its hint is for choosing.
      // A locked select (a menu item's module once saved) still says what it opens, legibly: not in the disabled grey.
      slotProps={hinted ? {
        select: { renderValue: (chosenId) => shown.find((o) => o.Id === Number(chosenId))?.Name ?? '' },
        formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
      } : undefined}
      helperText={hinted && chosen?.Hint ? chosen.Hint : undefined}
    >
      {optionItems(shown)}
    </TextField>
  );
}

/**
 * The menu's items: each option (with its hint as a second line), under its group's heading when options have groups.
 * A heading is a ListSubheader, which the select skips when moving through the options.
 */
function optionItems(options: SelectOption[]) {
  const items = [];
  let group: string | undefined;
  for (const o of options) {
    if (o.Group && o.Group !== group) {
      group = o.Group;
      items.push(<ListSubheader key={`group:${group}`} sx={{ lineHeight: 2.5, fontWeight: 600 }}>{group}</ListSubheader>);
    }
    items.push(
      // Named by the option's name alone, its hint read as the description (what a screen reader adds after the name).
      <MenuItem key={o.Id} value={o.Id} disabled={o.IsLocked} {...(o.Hint ? { 'aria-label': o.Name, 'aria-description': o.Hint } : {})}>
        {o.Hint ? <ListItemText primary={o.Name} secondary={o.Hint} slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }} sx={{ my: 0 }} /> : o.Name}
      </MenuItem>,
    );
  }
  return items;
}
