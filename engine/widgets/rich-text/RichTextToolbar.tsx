import type { ReactElement } from 'react';
import { Divider, IconButton, Toolbar, Tooltip } from '@mui/material';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Title from '@mui/icons-material/Title';
import TextFields from '@mui/icons-material/TextFields';
import InsertLink from '@mui/icons-material/InsertLink';
import Undo from '@mui/icons-material/Undo';
import Redo from '@mui/icons-material/Redo';
import { useEditorState, type Editor } from '@tiptap/react';

interface ToolbarButton {
  name: string;
  shortcut?: string;
  Icon: typeof FormatBold;
  /** Whether the selection already has it (a toggle shows as pressed). */
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const groups: ToolbarButton[][] = [
  [
    { name: 'Bold', shortcut: 'Ctrl+B', Icon: FormatBold, active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
    { name: 'Italic', shortcut: 'Ctrl+I', Icon: FormatItalic, active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
    { name: 'Underline', shortcut: 'Ctrl+U', Icon: FormatUnderlined, active: (e) => e.isActive('underline'), run: (e) => e.chain().focus().toggleUnderline().run() },
  ],
  [
    { name: 'Heading', Icon: Title, active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
    { name: 'Subheading', Icon: TextFields, active: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  ],
  [
    { name: 'Bulleted list', shortcut: 'Ctrl+Shift+8', Icon: FormatListBulleted, active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
    { name: 'Numbered list', shortcut: 'Ctrl+Shift+7', Icon: FormatListNumbered, active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  ],
  [
    { name: 'Undo', shortcut: 'Ctrl+Z', Icon: Undo, enabled: (e) => e.can().undo(), run: (e) => e.chain().focus().undo().run() },
    { name: 'Redo', shortcut: 'Ctrl+Shift+Z', Icon: Redo, enabled: (e) => e.can().redo(), run: (e) => e.chain().focus().redo().run() },
  ],
];

const allButtons = groups.flat();

interface RichTextToolbarProps {
  editor: Editor;
  label: string;
  disabled: boolean;
  onLink: () => void;
}

/** The formatting buttons above the editor; each keeps the editor's selection (mouse down does not take the focus). */
export function RichTextToolbar({ editor, label, disabled, onLink }: RichTextToolbarProps) {
  // Re-rendered on the editor's transactions only when a button's pressed or enabled state changes.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      link: e.isActive('link'),
      ...Object.fromEntries(allButtons.map((b) => [b.name, { active: b.active?.(e) ?? false, enabled: b.enabled?.(e) ?? true }])),
    }) as { link: boolean } & Record<string, { active: boolean; enabled: boolean }>,
  });
  // Toggles (bold, lists, link) say whether they are pressed; undo and redo are plain buttons.
  const button = (name: string, title: string, icon: ReactElement, onClick: () => void, pressed: boolean | undefined, enabled: boolean) => (
    <Tooltip key={name} title={title}>
      <span>
        <IconButton
          size="small"
          aria-label={name}
          aria-pressed={pressed}
          color={pressed ? 'primary' : 'default'}
          disabled={disabled || !enabled}
          onMouseDown={(e) => e.preventDefault()}
          onClick={onClick}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Toolbar variant="dense" disableGutters role="toolbar" aria-label={`${label} formatting`} sx={{ gap: 0.25, minHeight: 40, flexWrap: 'wrap' }}>
      {groups.map((group, index) => [
        index > 0 && <Divider key={`divider-${index}`} orientation="vertical" flexItem sx={{ mx: 0.5, my: 1 }} />,
        ...group.map(({ name, shortcut, Icon, active, run }) =>
          button(name, shortcut ? `${name} (${shortcut})` : name, <Icon fontSize="small" />, () => run(editor), active ? state[name].active : undefined, state[name].enabled)),
        // The link sits with the inline formatting, after underline.
        index === 0 && button('Link', 'Link (Ctrl+K)', <InsertLink fontSize="small" />, onLink, state.link, true),
      ])}
    </Toolbar>
  );
}
