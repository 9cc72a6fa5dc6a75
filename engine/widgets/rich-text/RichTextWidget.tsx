import { useEffect, useId, useRef } from 'react';
import { Box, FormHelperText, FormLabel, IconButton, Toolbar, Tooltip } from '@mui/material';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import type { WidgetProps } from '@rjsf/utils';
import { message } from '../../core/messages.ts';
import { effectiveMaxLength, exceedsMaxLength, RICH_TEXT_MAX_LENGTH, type TextOptions } from '../text/logic.ts';
import { sanitizeRichText } from './sanitize.ts';

const commands = [
  { command: 'bold', label: 'Bold', Icon: FormatBold },
  { command: 'italic', label: 'Italic', Icon: FormatItalic },
  { command: 'underline', label: 'Underline', Icon: FormatUnderlined },
  { command: 'insertUnorderedList', label: 'Bulleted list', Icon: FormatListBulleted },
  { command: 'insertOrderedList', label: 'Numbered list', Icon: FormatListNumbered },
] as const;

/**
 * Rich text (ui:widget "richtext"): an editable region with a small formatting toolbar. The HTML
 * is sanitised on every change, so what reaches the form data is already safe to store and show;
 * at most 8000 characters of HTML unless ui:options.maxLength says otherwise.
 */
export function RichTextWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, rawErrors } = props;
  const editor = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const html = typeof value === 'string' ? value : '';
  const max = effectiveMaxLength(props.options as TextOptions, RICH_TEXT_MAX_LENGTH);
  const over = exceedsMaxLength(html, max);
  const locked = disabled || readonly;

  // Write the value into the editor only when it differs, so typing never loses the caret.
  useEffect(() => {
    const el = editor.current;
    if (el && el.innerHTML !== html) el.innerHTML = sanitizeRichText(html);
  }, [html]);

  const emit = () => {
    const clean = sanitizeRichText(editor.current?.innerHTML ?? '');
    onChange(clean === '' ? undefined : clean);
  };
  const format = (command: string) => {
    editor.current?.focus();
    // execCommand is the only editing API browsers share for contentEditable; absent in some test DOMs.
    if (typeof document.execCommand === 'function') document.execCommand(command);
    emit();
  };

  return (
    <Box>
      {!hideLabel && (
        <FormLabel id={labelId} required={required} error={over || (rawErrors?.length ?? 0) > 0}>
          {label}
        </FormLabel>
      )}
      <Toolbar variant="dense" disableGutters role="toolbar" aria-label={`${label} formatting`}>
        {commands.map(({ command, label: name, Icon }) => (
          <Tooltip key={command} title={name}>
            <span>
              <IconButton size="small" aria-label={name} disabled={locked} onMouseDown={(e) => e.preventDefault()} onClick={() => format(command)}>
                <Icon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        ))}
      </Toolbar>
      <Box
        ref={editor}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={hideLabel ? undefined : labelId}
        aria-label={hideLabel ? label : undefined}
        aria-required={required}
        aria-disabled={locked}
        aria-invalid={over || (rawErrors?.length ?? 0) > 0}
        contentEditable={!locked}
        suppressContentEditableWarning
        tabIndex={0}
        onInput={emit}
        onBlur={() => onBlur(id, html)}
        onFocus={() => onFocus(id, html)}
        sx={{
          minHeight: 120,
          p: 1.5,
          border: 1,
          borderColor: over ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: locked ? 'action.disabledBackground' : 'background.paper',
          '&:focus': { outline: 2, outlineColor: 'primary.main' },
        }}
      />
      <FormHelperText error={over}>{over ? message('textMaximum') : `${html.length} / ${max}`}</FormHelperText>
    </Box>
  );
}
