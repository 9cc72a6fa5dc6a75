import { useEffect, useId, useState } from 'react';
import { Box, Button, FormLabel, IconButton, Radio, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import type { FieldProps } from '@rjsf/utils';
import { useWidgetData } from '../data-context.tsx';
import { formatPhone } from '../phone/logic.ts';
import { fieldLabel, fieldOptions } from '../shared/label.ts';
import { useServerData } from '../shared/useServerData.ts';
import {
  canAddPhone, newPhoneEntry, normalizePrimary, removeEntry, saveEntry, setPrimary,
  type PhoneEntry, type PhoneFormType, type PhoneListOptions,
} from './logic.ts';
import { PhoneEntryForm } from './PhoneEntryForm.tsx';

/**
 * Phone list (ui:field "phoneList"): the numbers with their primary choice, and an Add/Edit form.
 * Exactly one number is primary; the add button is disabled at the maximum and while the form is open.
 */
export function PhoneListField(props: FieldProps) {
  const { formData, onChange, fieldPathId, required, disabled, readonly } = props;
  const options = fieldOptions<PhoneListOptions>(props.uiSchema);
  const data = useWidgetData();
  const types = useServerData(() => data.loadPhoneNumberTypes(), 'phone-types');
  const [form, setForm] = useState<{ type: PhoneFormType; index: number } | null>(null);
  const labelId = useId();
  const list: PhoneEntry[] = Array.isArray(formData) ? formData : [];
  const set = (next: PhoneEntry[]) => onChange(next, fieldPathId.path);
  const locked = disabled || readonly;
  const describe = (e: PhoneEntry) => `${e.PhoneNumberType?.Name ?? ''} ${formatPhone(e.PhoneNumber)}`.trim();
  // Exactly one primary, even for data that arrived without the flag (a single entry is primary).
  const shown = normalizePrimary(list);
  const needsFix = shown.some((e, i) => e !== list[i]);
  useEffect(() => {
    if (needsFix) onChange(shown, fieldPathId.path);
  }, [needsFix]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} required={required} sx={{ display: 'block', mb: 1 }}>{fieldLabel(props)}</FormLabel>
      {shown.length > 0 && (
        <Table size="small" aria-labelledby={labelId}>
          <TableHead>
            <TableRow>
              <TableCell>Primary</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Phone Number</TableCell>
              <TableCell>Extension</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((entry, index) => (
              <TableRow key={index}>
                <TableCell padding="checkbox">
                  <Radio
                    checked={entry.IsPrimary}
                    disabled={locked || form !== null}
                    name={`${fieldPathId.$id}_primary`}
                    slotProps={{ input: { 'aria-label': `Primary: ${describe(entry)}` } }}
                    onChange={() => set(setPrimary(list, index))}
                  />
                </TableCell>
                <TableCell>{entry.PhoneNumberType?.Name}</TableCell>
                <TableCell>{entry.CountryCode && entry.CountryCode !== '1' ? `+${entry.CountryCode} ` : ''}{formatPhone(entry.PhoneNumber)}</TableCell>
                <TableCell>{entry.Extension}</TableCell>
                <TableCell align="right">
                  <IconButton aria-label={`Edit ${describe(entry)}`} disabled={locked || form !== null} onClick={() => setForm({ type: 'Edit', index })}>
                    <Edit fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Remove ${describe(entry)}`} disabled={locked || form !== null} onClick={() => set(removeEntry(list, index))}>
                    <Delete fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {form && (
        <PhoneEntryForm
          idPrefix={`${fieldPathId.$id}_form`}
          type={form.type}
          initial={form.type === 'Edit' ? shown[form.index] : { ...newPhoneEntry(), IsPrimary: list.length === 0 }}
          phoneTypes={types.data ?? []}
          onCancel={() => setForm(null)}
          onSave={(entry) => {
            set(saveEntry(list, entry, form.type, form.index));
            setForm(null);
          }}
        />
      )}
      <Stack direction="row" sx={{ mt: 1 }}>
        <Button disabled={locked || form !== null || !canAddPhone(list.length, options)} onClick={() => setForm({ type: 'Add', index: -1 })}>
          Add Phone Number
        </Button>
      </Stack>
    </Box>
  );
}
