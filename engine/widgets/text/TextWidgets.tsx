import { TextField, type SxProps, type Theme } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { message } from '../../core/messages.ts';
import { isNumberSchema, NumberWidget } from '../number/NumberWidget.tsx';
import { emptyValueOf } from '../shared/empty-value.ts';
import { useAsyncValidation } from '../shared/useAsyncValidation.ts';
import { effectiveMaxLength, exceedsMaxLength, TEXT_AREA_MAX_LENGTH, TEXT_MAX_LENGTH, type TextOptions } from './logic.ts';

/**
 * A multi-line text is a plain textarea that grows with its text by CSS (field-sizing), from three lines where it is
 * typed in: MUI's own (TextareaAutosize) measures itself as it is drawn, which makes the browser lay out the whole new
 * form in the middle of drawing it (on a phone, the longest task of a form's first draw). A browser without
 * field-sizing keeps the rows and scrolls. 1.4375em is MUI's line height of an input.
 */
const growingTextArea = (readonly: boolean | undefined) =>
  // csstype does not list field-sizing yet.
  ({ '& textarea': { fieldSizing: 'content', ...(readonly ? {} : { minHeight: 'calc(3 * 1.4375em)' }) } }) as SxProps<Theme>;

function TextControl(props: WidgetProps & { multiline: boolean; defaultMax: number }) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, rawErrors, autofocus, placeholder, multiline, defaultMax } = props;
  const options = props.options as TextOptions;
  const max = effectiveMaxLength({ maxLength: options.maxLength ?? props.schema.maxLength }, defaultMax);
  const over = exceedsMaxLength(value, max);
  const remote = useAsyncValidation(props.options.asyncValidator, props.registry);
  const shownError = over ? message('textMaximum') : remote.error;
  return (
    <TextField
      id={id}
      fullWidth
      multiline={multiline}
      rows={multiline ? 3 : undefined}
      sx={multiline ? growingTextArea(readonly) : undefined}
      label={hideLabel ? undefined : label}
      required={required}
      disabled={disabled}
      placeholder={placeholder}
      type={multiline ? undefined : options.inputType}
      autoFocus={autofocus}
      value={value ?? ''}
      // Over the maximum is shown while typing, not only on save, so the user sees where to cut.
      error={Boolean(shownError) || (rawErrors?.length ?? 0) > 0}
      // A read-only text is not being typed: no counter, and no room kept for more lines.
      helperText={shownError ?? (multiline && !readonly ? `${String(value ?? '').length} / ${max}` : undefined)}
      // On the input component (not only the native input), so that it carries MUI's read-only class and looks it.
      // A multi-line one is a plain textarea (see growingTextArea).
      slotProps={{ input: { readOnly: readonly, ...(multiline ? { inputComponent: 'textarea' } : {}) } }}
      // An emptied required field is undefined, so RJSF's required check sees it as missing; an optional one null.
      onChange={(e) => {
        remote.clear();
        onChange(e.target.value === '' ? emptyValueOf(props.schema, required, props.options) : e.target.value);
      }}
      onBlur={(e) => {
        void remote.check(e.target.value);
        onBlur(id, e.target.value);
      }}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

/**
 * Text input (ui:widget "text"): maximum 200 unless ui:options.maxLength says otherwise. RJSF names
 * the default widget of every string, number and integer field "text", so this is the text input
 * of every form; numbers get the library's number input (NumberWidget). Formatted strings (e-mail,
 * URL, ...) RJSF gives its own widgets, keep the theme's input unless the uiSchema names "text" (for
 * an asyncValidator, say; ui:options.inputType then sets the input's type).
 */
export function TextWidget(props: WidgetProps) {
  const named = props.uiSchema?.['ui:widget'] === 'text';
  if (isNumberSchema(props.schema)) return <NumberWidget {...props} />;
  if (props.schema.type !== 'string' || (props.schema.format && !named)) {
    const ThemeText = props.registry.widgets.TextWidget;
    // Emptied, an optional field that may be null hands on null: left out of an update, it would keep its old text.
    return <ThemeText {...props} options={{ ...props.options, emptyValue: emptyValueOf(props.schema, props.required, props.options) }} />;
  }
  return <TextControl {...props} multiline={false} defaultMax={TEXT_MAX_LENGTH} />;
}

/** Text area (ui:widget "textarea"): maximum 2000; required ignores whitespace and line breaks. */
export function TextAreaWidget(props: WidgetProps) {
  return <TextControl {...props} multiline defaultMax={TEXT_AREA_MAX_LENGTH} />;
}
