import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { formatDisplayDate } from '../../../core/dates/display.ts';

/**
 * A date the user reads but does not edit (ActivationDate, LastLogin, ...): shown as MM/dd/yyyy HH:mm,
 * or 'Not Specified' when there is none (spec 1 user update). `ui:options.format` overrides the pattern.
 */
export function NotSpecifiedDateWidget({ id, label, value, options }: WidgetProps) {
  const text = formatDisplayDate(value ?? null, (options.format as string | undefined) ?? 'MM/dd/yyyy HH:mm');
  return <TextField id={id} label={label} value={text} fullWidth slotProps={{ htmlInput: { readOnly: true } }} variant="filled" />;
}
