import { useId } from 'react';
import { Box, Button, FormHelperText, FormLabel, IconButton, Stack, TextField } from '@mui/material';
import DeleteOutline from '@mui/icons-material/Delete';
import type { FieldProps } from '@rjsf/utils';
import { fieldLabel, fieldOptions } from '../shared/label.ts';
import { TEXT_MAX_LENGTH } from '../text/logic.ts';
import { activeOthers, canAddOther, newOtherItem, removeOther, type SpecifyOtherItem, type SpecifyOtherOptions } from './logic.ts';

/** Specify-other list (ui:field "specifyOther"): free-text "other" answers, up to a maximum. */
export function SpecifyOtherField(props: FieldProps) {
  const { formData, onChange, fieldPathId, required, disabled, readonly } = props;
  const options = fieldOptions<SpecifyOtherOptions>(props.uiSchema);
  const list: SpecifyOtherItem[] = Array.isArray(formData) ? formData : [];
  const label = fieldLabel(props);
  const labelId = useId();
  const set = (next: SpecifyOtherItem[]) => onChange(next, fieldPathId.path);
  const addable = canAddOther(list, options.max);
  const count = activeOthers(list).length;
  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} required={required} sx={{ display: 'block', mb: 1 }}>{label}</FormLabel>
      <Stack spacing={1}>
        {list.map((item, index) =>
          item.IsActive ? (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                id={`${fieldPathId.$id}_${index}`}
                label={`Other ${list.slice(0, index + 1).filter((i) => i.IsActive).length}`}
                fullWidth
                disabled={disabled}
                value={item.Name}
                slotProps={{ input: { readOnly: readonly }, htmlInput: { readOnly: readonly, maxLength: TEXT_MAX_LENGTH } }}
                onChange={(e) => set(list.map((x, i) => (i === index ? { ...x, Name: e.target.value } : x)))}
              />
              <IconButton
                aria-label={`Remove Other ${list.slice(0, index + 1).filter((i) => i.IsActive).length}`}
                disabled={disabled || readonly}
                onClick={() => set(removeOther(list, index))}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
          ) : null,
        )}
      </Stack>
      <Button sx={{ mt: 1 }} disabled={disabled || readonly || !addable} onClick={() => set([...list, newOtherItem()])}>
        Add Other
      </Button>
      {options.max && options.max > 0 ? <FormHelperText>{`${count} of ${options.max}`}</FormHelperText> : null}
    </Box>
  );
}
