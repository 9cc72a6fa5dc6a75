import { Box, Button } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';

/** ui:options of a toggle button: the text while it is on (off, it reads the field's label). */
export interface ToggleButtonOptions { activeLabel?: string }

/**
 * Toggle button (ui:widget "toggleButton") for a boolean that opens a part of the form, such as Your Account's
 * password change: it reads the field's label while off and ui:options.activeLabel while on ('Cancel Password
 * Change'). The form's rules show, require and clear the part it opens.
 */
export function ToggleButtonWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, label, onChange, onBlur, onFocus } = props;
  const { activeLabel } = props.options as ToggleButtonOptions;
  const on = value === true;
  return (
    <Box>
      <Button
        id={id}
        variant="outlined"
        color={on ? 'secondary' : 'primary'}
        aria-pressed={on}
        disabled={disabled || readonly}
        onClick={() => onChange(!on)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        {on ? activeLabel ?? label : label}
      </Button>
    </Box>
  );
}
