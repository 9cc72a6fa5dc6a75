import { useRef, useState, type FocusEvent } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { handedValue, shownText, type Reading, type TextCodec } from './typed-text.ts';

/** Props of a formatted text field: its codec and value, and MUI's TextField props for the rest. */
export type FormattedTextFieldProps<V> = Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> & {
  codec: TextCodec<V>;
  /** The form's value: a value of the codec, nothing, or text it could not read (handed on as typed). */
  value: unknown;
  /** What a blank hands on (see emptyValueOf). */
  emptyValue: null | undefined | '';
  onValueChange: (value: V | string | null | undefined) => void;
};

/**
 * A text input for a formatted value (currency, percentage, phone, EIN, numbers) that never changes what a person
 * types. Focusing it changes nothing on screen: from the keyboard the whole value is selected, so typing replaces
 * it; a click puts the caret where the person clicked, in the text they see. While focused the text is exactly
 * what was typed; each keystroke hands the form the plain value read from it. The format ($1,234.50) applies when
 * the field is left, and only to text it could read: a typo stays as typed, and the form holds the typed text,
 * which its checks refuse, so it is reported and never saved as a blank or a guess.
 */
export function FormattedTextField<V>({ codec, value, emptyValue, onValueChange, onFocus, onBlur, onMouseDown, ...field }: FormattedTextFieldProps<V>) {
  const [typed, setTyped] = useState<{ text: string; read: Reading<V> } | null>(null);
  const [focused, setFocused] = useState(false);
  // Set by a press of the mouse in the field: focus from a click keeps the caret where it was put.
  const pointing = useRef(false);
  // The form may pass the typed text back altered (RJSF's number field rewrites a locale's decimal comma); what
  // shows is still what was typed, as long as the form holds text this field could not read.
  const keptTypo = typed?.read.kind === 'invalid' && typeof value === 'string' && codec.read(value).kind === 'invalid';
  const shown = typed && (focused || keptTypo) ? typed.text : shownText(codec, value);
  return (
    <TextField
      {...field}
      value={shown}
      onMouseDown={(event) => {
        pointing.current = true;
        onMouseDown?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        setFocused(true);
        if (!pointing.current) event.target.select();
        pointing.current = false;
        onFocus?.(event);
      }}
      onChange={(event) => {
        const text = event.target.value;
        const read = codec.read(text);
        setTyped({ text, read });
        onValueChange(handedValue(read, text, emptyValue));
      }}
      onBlur={(event) => {
        setFocused(false);
        pointing.current = false;
        // Read text is shown formatted from now on; a typo stays as typed.
        if (typed && typed.read.kind !== 'invalid') setTyped(null);
        onBlur?.(event);
      }}
    />
  );
}
