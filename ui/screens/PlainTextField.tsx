import { useEffect, useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface PlainTextFieldProps {
  label: ReactNode;
  name?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  id?: string;
  fullWidth?: boolean;
}

/**
 * An outlined text input drawn as MUI's TextField draws one, from its parts. TextField also carries its `select`
 * mode, which brings Select, Menu, Popover and Modal into whatever imports it; the first screens people arrive at
 * (/login, the account pages) need none of that, and a phone downloads and parses less before it can sign in.
 */
export function PlainTextField({ label, name, value, onChange, onBlur, type = 'text', autoComplete, autoFocus, required, error, helperText, id, fullWidth = true }: PlainTextFieldProps) {
  const generated = useId();
  const inputId = id ?? `${name ?? 'field'}-${generated}`;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  // Focused after the screen is drawn, not as React puts it in the page: focusing there makes the browser lay the
  // page out at once, inside the same piece of work as the first render (on a phone, a long task before input works).
  // As the autofocus attribute, on mount only (the sign-in page's choice of field changes as the user name is typed).
  const input = useRef<HTMLInputElement>(null);
  const focusedOnMount = useRef(autoFocus);
  useEffect(() => {
    // Never taken from a field the person has already tapped into.
    if (focusedOnMount.current && (!document.activeElement || document.activeElement === document.body)) input.current?.focus();
  }, []);
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} required={required} error={error}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId} name={name} type={type} value={value} onChange={onChange} onBlur={onBlur}
        autoComplete={autoComplete} inputRef={input} label={label} aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
