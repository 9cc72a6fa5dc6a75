import { useId, useState } from 'react';
import { Box, FormHelperText, FormLabel } from '@mui/material';
import { EditorContent, type Editor } from '@tiptap/react';
import type { WidgetProps } from '@rjsf/utils';
import { message } from '../../core/messages.ts';
import { effectiveMaxLength, exceedsMaxLength, RICH_TEXT_MAX_LENGTH, type TextOptions } from '../text/logic.ts';
import { LinkDialog } from './LinkDialog.tsx';
import { RichTextToolbar } from './RichTextToolbar.tsx';
import { useRichTextEditor } from './use-rich-text-editor.ts';

/**
 * Rich text (ui:widget "richtext"): a Tiptap editor under a small formatting toolbar. What reaches the form data is
 * the editor's HTML sanitised (undefined when empty), at most 8000 characters unless ui:options.maxLength says
 * otherwise; the server sanitises again on save. The module is loaded on demand (registry.ts), with Tiptap.
 */
export function RichTextWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, rawErrors } = props;
  const labelId = useId();
  const html = typeof value === 'string' ? value : '';
  const max = effectiveMaxLength(props.options as TextOptions, RICH_TEXT_MAX_LENGTH);
  const over = exceedsMaxLength(html, max);
  const invalid = over || (rawErrors?.length ?? 0) > 0;
  const locked = Boolean(disabled || readonly);
  const [linkOpen, setLinkOpen] = useState(false);

  const editor = useRichTextEditor({
    html,
    editable: !locked,
    // The editable element itself is the textbox, named by the label.
    attributes: {
      id,
      role: 'textbox',
      'aria-multiline': 'true',
      ...(hideLabel ? { 'aria-label': label } : { 'aria-labelledby': labelId }),
      'aria-required': String(Boolean(required)),
      'aria-invalid': String(invalid),
      'aria-disabled': String(locked),
      'aria-readonly': String(locked),
      spellcheck: 'true',
    },
    onChange,
    onShortcutLink: () => setLinkOpen(true),
  });

  return (
    <Box>
      {!hideLabel && (
        <FormLabel id={labelId} required={required} error={invalid} onClick={() => editor?.commands.focus()}>
          {label}
        </FormLabel>
      )}
      {editor && <RichTextToolbar editor={editor} label={label} disabled={locked} onLink={() => setLinkOpen(true)} />}
      <Box
        onBlur={() => onBlur(id, html)}
        onFocus={() => onFocus(id, html)}
        sx={{
          border: 1,
          borderColor: invalid ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: locked ? 'action.disabledBackground' : 'background.paper',
          color: locked ? 'text.secondary' : 'text.primary',
          '&:focus-within': { outline: 2, outlineColor: invalid ? 'error.main' : 'primary.main', outlineOffset: -1 },
          '& .ProseMirror': { minHeight: 120, p: 1.5, outline: 'none', overflowWrap: 'anywhere' },
          '& .ProseMirror p': { my: 1 },
          '& .ProseMirror li > p': { my: 0.25 },
          '& .ProseMirror ul, & .ProseMirror ol': { my: 1, pl: 3 },
          '& .ProseMirror > :first-of-type': { mt: 0 },
          '& .ProseMirror > :last-child': { mb: 0 },
          '& .ProseMirror h2': { typography: 'h6', my: 1 },
          '& .ProseMirror h3': { typography: 'subtitle1', fontWeight: 600, my: 1 },
          '& .ProseMirror blockquote': { borderLeft: 3, borderColor: 'divider', pl: 1.5, ml: 0, color: 'text.secondary' },
          '& .ProseMirror a': { color: 'primary.main' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
      <FormHelperText error={over}>{over ? message('textMaximum') : `${html.length} / ${max}`}</FormHelperText>
      {linkOpen && editor && <LinkEditor editor={editor} onClose={() => setLinkOpen(false)} />}
    </Box>
  );
}

/** The link dialog bound to the editor: applies to the selection, or inserts the address as text at the caret. */
function LinkEditor({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [current] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? undefined);
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = (href: string) => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !current) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  return <LinkDialog current={current} onApply={apply} onRemove={remove} onClose={close} />;
}
