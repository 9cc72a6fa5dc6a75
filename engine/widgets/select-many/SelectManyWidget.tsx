import { useEffect, useMemo } from 'react';
import { Box, Checkbox, FormHelperText, ListItemText, MenuItem, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { BigDataAutocomplete } from '../big-data/BigDataAutocomplete.tsx';
import { isBigData } from '../big-data/logic.ts';
import { useServerData } from '../shared/useServerData.ts';
import { useOptions, type OptionSourceConfig } from '../shared/useOptions.ts';
import type { SelectOption } from '../shared/types.ts';
import { TEXT_MAX_LENGTH } from '../text/logic.ts';
import {
  canSelectMore, initialSelection, remainingText, selectedIds, setSpecifyMore, summaryText, toggleSelection,
  type SelectManyItem, type SelectManyOptions, type SelectManyValue,
} from './logic.ts';

/**
 * Select-many (ui:widget "selectMany" on an array). The value is a list of Ids when the schema's
 * items are numbers, otherwise a list of { Id, Name, SpecifyMore }. Options marked HasSpecifyMore
 * ask for a free-text answer once checked.
 */
export function SelectManyWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, rawErrors, autofocus, schema } = props;
  const config = props.options as OptionSourceConfig & SelectManyOptions;
  const lazy = config.lazy === true;
  const asIds = ['integer', 'number'].includes(String((schema.items as { type?: string } | undefined)?.type));
  const loaded = useOptions(config);
  const list: SelectManyValue = Array.isArray(value) ? value : [];
  const ids = selectedIds(list);
  const count = ids.length;
  const max = config.maxSelections;
  const remaining = remainingText(count, max);
  const error = (rawErrors?.length ?? 0) > 0;
  const locked = disabled || readonly;
  // An untouched field starts with what the server marked isChecked.
  useEffect(() => {
    if (value !== undefined || loaded.loading) return;
    const initial = initialSelection(loaded.options, asIds);
    if (initial) onChange(initial);
  }, [value, loaded.loading, loaded.options, asIds, onChange]);
  const byId = useMemo(() => new Map(loaded.options.map((o) => [o.Id, o])), [loaded.options]);

  // Names of chosen items that a lazy list has not loaded.
  const unknown = ids.filter((i) => !byId.has(i) && !list.some((v) => typeof v === 'object' && v.Id === i && v.Name));
  const resolved = useServerData(lazy && unknown.length && loaded.resolve ? () => loaded.resolve!(unknown) : null, unknown.join(','));
  const nameOf = (i: number) =>
    byId.get(i)?.Name ??
    (list.find((v) => typeof v === 'object' && v.Id === i) as SelectManyItem | undefined)?.Name ??
    resolved.data?.find((o) => o.Id === i)?.Name ??
    String(i);
  const chosenOptions: SelectOption[] = ids.map((i) => byId.get(i) ?? { Id: i, Name: nameOf(i) });

  const specifyMore = chosenOptions.filter((o) => o.HasSpecifyMore && !asIds);
  const helper = (
    <>
      {remaining && <FormHelperText id={`${id}-remaining`}>{remaining}</FormHelperText>}
      {specifyMore.map((o) => {
        const item = list.find((v) => typeof v === 'object' && v.Id === o.Id) as SelectManyItem | undefined;
        return (
          <TextField
            key={o.Id}
            id={`${id}-specify-${o.Id}`}
            label={`${o.Name}: please specify`}
            fullWidth
            sx={{ mt: 1 }}
            disabled={locked}
            value={item?.SpecifyMore ?? ''}
            slotProps={{ htmlInput: { maxLength: TEXT_MAX_LENGTH } }}
            onChange={(e) => onChange(setSpecifyMore(list, o.Id, e.target.value))}
          />
        );
      })}
    </>
  );

  if (isBigData(loaded.options.length, lazy)) {
    return (
      <Box>
        <BigDataAutocomplete
          id={id}
          multiple
          label={hideLabel ? undefined : label}
          required={required}
          disabled={locked}
          error={error}
          autoFocus={autofocus}
          options={loaded.options}
          lazy={lazy}
          search={loaded.search}
          value={chosenOptions}
          onChange={(next) => {
            const kept = list.filter((v) => next.some((o) => o.Id === (typeof v === 'object' ? v.Id : v)));
            const added = next.filter((o) => !ids.includes(o.Id)).slice(0, canSelectMore(count, max) ? undefined : 0);
            onChange([...kept, ...added.map((o) => (asIds ? o.Id : { Id: o.Id, Name: o.Name }))]);
          }}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
        {helper}
      </Box>
    );
  }
  return (
    <Box>
      <TextField
        id={id}
        select
        fullWidth
        label={hideLabel ? undefined : label}
        required={required}
        disabled={locked}
        error={error}
        autoFocus={autofocus}
        value={ids}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: () => summaryText(chosenOptions.map((o) => o.Name)),
            // The remaining count is announced with the control.
            'aria-describedby': remaining ? `${id}-remaining` : undefined,
          },
          inputLabel: { shrink: true },
        }}
      >
        {loaded.options.map((o) => {
          const checked = ids.includes(o.Id);
          return (
            <MenuItem
              key={o.Id}
              value={o.Id}
              disabled={o.IsLocked || (!checked && !canSelectMore(count, max))}
              // MUI's own multiple handling would ignore shape and SpecifyMore: toggle here instead.
              onClick={() => onChange(toggleSelection(list, o, asIds))}
            >
              <Checkbox checked={checked} tabIndex={-1} disableRipple size="small" />
              <ListItemText primary={o.Name} />
            </MenuItem>
          );
        })}
      </TextField>
      {helper}
    </Box>
  );
}
