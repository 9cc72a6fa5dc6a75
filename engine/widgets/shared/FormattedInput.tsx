import { useState } from 'react';
import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';

/** How a formatted input reads, edits and shows its value. */
export interface FormattedInputProps<V> extends WidgetProps {
  parse: (text: string) => V | null;
  format: (value: V | null | undefined) => string;
  editText: (value: V | null | undefined) => string;
  inputMode: 'decimal' | 'numeric' | 'tel';
}

/**
 * A text input that shows the value formatted ($1,234.50, 12-3456789, (555) 123-4567) while
 * not being edited, and the plain editable text while focused. Every keystroke is parsed, so the
 * form data always holds the clean value (a number, or digits only), never the typed text.
 */
export function FormattedInput<V>(props: FormattedInputProps<V>) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, rawErrors, autofocus, placeholder, parse, format, editText, inputMode } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const shown = editing ?? format(value as V | undefined);
  return (
    <TextField
      id={id}
      fullWidth
      label={hideLabel ? undefined : label}
      required={required}
      disabled={disabled}
      placeholder={placeholder}
      autoFocus={autofocus}
      error={(rawErrors?.length ?? 0) > 0}
      value={shown}
      slotProps={{ input: { readOnly: readonly }, htmlInput: { readOnly: readonly, inputMode } }}
      onFocus={() => {
        setEditing(editText(value as V | undefined));
        onFocus(id, value);
      }}
      onChange={(e) => {
        setEditing(e.target.value);
        onChange(parse(e.target.value) ?? undefined);
      }}
      onBlur={() => {
        setEditing(null);
        onBlur(id, value);
      }}
    />
  );
}
