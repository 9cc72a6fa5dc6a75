import type { WidgetProps } from '@rjsf/utils';
import { emptyValueOf } from './empty-value.ts';
import { FormattedTextField } from './FormattedTextField.tsx';
import type { TextCodec } from './typed-text.ts';

/** How a formatted input reads and shows its value, and the keyboard a phone offers for it. */
export interface FormattedInputProps<V> extends WidgetProps {
  codec: TextCodec<V>;
  inputMode: 'decimal' | 'numeric' | 'tel';
}

/**
 * A formatted input as an RJSF widget: the form holds the plain value (a number, or digits), never the formatted
 * text; see FormattedTextField for what a person typing into it sees.
 */
export function FormattedInput<V>(props: FormattedInputProps<V>) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, rawErrors, autofocus, placeholder, codec, inputMode, schema, options } = props;
  return (
    <FormattedTextField<V>
      id={id}
      fullWidth
      label={hideLabel ? undefined : label}
      required={required}
      disabled={disabled}
      placeholder={placeholder}
      autoFocus={autofocus}
      error={(rawErrors?.length ?? 0) > 0}
      codec={codec}
      value={value}
      emptyValue={emptyValueOf(schema, required, options)}
      slotProps={{ input: { readOnly: readonly }, htmlInput: { readOnly: readonly, inputMode } }}
      onValueChange={(next) => onChange(next)}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
